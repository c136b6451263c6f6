import { describe, expect, it } from 'vitest';
import { runAgent } from '../agent/loop';
import type { ModelClient } from '../agent/model-client';
import { httpError, scriptedModel, textReply, toolCallsReply, type ScriptStep } from '../agent/testing/scripted-model';
import type { EvalCaseRecord, EvalRunRecord } from '../domain/eval-case';
import { createInProcessValidator } from '../tools/validation/in-process-validator';
import { argsValidatorOn } from './args-validator';
import { runSuite, summarizeSuiteRun, type SuiteRunDeps, type SuiteTarget } from './run-suite';

const weather: EvalCaseRecord = {
  id: 'c1', suiteId: 's', name: 'Weather', createdAt: 1, updatedAt: 1,
  request: {
    model: 'orig',
    messages: [{ id: 'u1', createdAt: 1, role: 'user', content: 'Weather in Paris?' }],
    tools: [{ name: 'get_weather', description: 'w', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
  },
  recorded: [{ name: 'get_weather', arguments: '{ "city": "Paris" }', result: '18 °C', isError: false }],
  checks: [
    { kind: 'calls_tool', tool: 'get_weather' },
    { kind: 'arguments_match', tool: 'get_weather', schema: { type: 'object', properties: { city: { const: 'Paris' } }, required: ['city'] } },
    { kind: 'answer_contains', text: '18 °C' },
  ],
};

function deps(saved: EvalRunRecord[]): SuiteRunDeps {
  let n = 0;
  return {
    runAgent,
    validate: argsValidatorOn(createInProcessValidator()),
    priceOf: (m) => (m === 'priced' ? { input: 1, output: 2 } : null),
    newId: () => `id-${n++}`,
    now: () => 1000,
    openCellSession: async (c) => ({ sessionId: `session-${n++}`, history: c.request.messages.map((m) => ({ ...m, id: `copy-${m.id}` })), emit: () => undefined, close: async () => undefined }),
    saveRun: async (run) => void saved.push(run),
  };
}

const target = (label: string, steps: (ScriptStep | ReturnType<typeof httpError>)[]): SuiteTarget & { client: ModelClient } => ({ label, model: label, client: scriptedModel(steps) });

describe('runSuite', () => {
  it('passes a model that calls the tool and answers, answering its call from the recordings', async () => {
    const saved: EvalRunRecord[] = [];
    const good = target('priced', [toolCallsReply([{ id: 'x9', name: 'get_weather', args: '{"city":"Paris"}' }]), textReply(['It is ', '18 °C.'])]);
    const run = await runSuite('s', ['priced'], [weather], [good], deps(saved), new AbortController().signal, () => undefined);
    expect(run.state).toBe('finished');
    expect(run.cells[0]).toMatchObject({ verdict: 'pass', reasons: [], model: 'priced', sessionId: expect.stringMatching(/^session-/) });
    expect(run.cells[0]?.costUsd).toBeGreaterThan(0);
    // The recorded output reached the model as that call's result.
    const second = (good.client as ReturnType<typeof scriptedModel>).requests[1];
    expect(second?.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'x9', content: '18 °C' });
    expect(saved.at(-1)).toEqual(run);
    expect(summarizeSuiteRun(run, ['priced'])[0]).toMatchObject({ passed: 1, total: 1 });
  });

  it('fails a call with no recorded result without running anything, and an HTTP error with the error in words', async () => {
    const lyon = target('lyon', [toolCallsReply([{ id: 'a', name: 'get_weather', args: '{"city":"Lyon"}' }])]);
    const broken = target('broken', [httpError(400, 'The model `broken` does not exist.')]);
    const run = await runSuite('s', ['lyon', 'broken'], [weather], [lyon, broken], deps([]), new AbortController().signal, () => undefined);
    const [a, b] = run.cells;
    expect(a?.verdict).toBe('fail');
    expect(a?.reasons[0]).toBe('It called get_weather with {"city":"Lyon"}, which has no recorded result, so the case stopped there (a case never runs tools live).');
    expect(a?.reasons).toContain('The answer does not contain “18 °C”.');
    // One request only: the run stopped at the unmatched call.
    expect((lyon.client as ReturnType<typeof scriptedModel>).requests).toHaveLength(1);
    expect(b?.verdict).toBe('fail');
    expect(b?.reasons[0]).toMatch(/^The run failed: .*does not exist/);
  });

  it('Stop ends every cell stopped, the running one and those not started, and none passes', async () => {
    const ctl = new AbortController();
    const hanging = target('slow', [{ chunks: [], then: 'hang' }]);
    const progress: EvalRunRecord[] = [];
    const running = runSuite('s', ['slow'], [weather, { ...weather, id: 'c2', name: 'Second' }], [hanging], { ...deps([]), concurrency: 1 }, ctl.signal, (r) => {
      progress.push(r);
      if (r.cells[0]?.sessionId && !ctl.signal.aborted) queueMicrotask(() => ctl.abort());
    });
    const run = await running;
    expect(run.state).toBe('stopped');
    expect(run.cells.map((c) => c.verdict)).toEqual(['stopped', 'stopped']);
    expect(summarizeSuiteRun(run, ['slow'])[0]).toMatchObject({ passed: 0, total: 2, costUsd: null, medianTtftMs: null });
  });
});

describe('runSuite, Stop while a cell is being set up', () => {
  it('a cell whose session was still being made when Stop came never sends its request on', async () => {
    const ctl = new AbortController();
    const hanging = target('slow', [{ chunks: [], then: 'hang' }]);
    const base = deps([]);
    const run = await runSuite('s', ['slow'], [weather], [hanging], {
      ...base,
      openCellSession: async (c, t, runId) => {
        const session = await base.openCellSession(c, t, runId);
        ctl.abort();
        return session;
      },
    }, ctl.signal, () => undefined);
    expect(run.cells.map((c) => c.verdict)).toEqual(['stopped']);
  });

  it('fails a case with no checks (stored before they were required) with a sentence, sending nothing for it', async () => {
    const checkless: EvalCaseRecord = { ...weather, id: 'c0', name: 'Empty', checks: [] };
    const model = target('m', [textReply(['It is 18 °C.'])]);
    const opened: string[] = [];
    const d = deps([]);
    const run = await runSuite('s', ['m'], [checkless], [model], { ...d, openCellSession: async (c, t, id) => (opened.push(c.id), d.openCellSession(c, t, id)) }, new AbortController().signal, () => undefined);
    expect(run.cells[0]).toMatchObject({ verdict: 'fail', reasons: ['The case "Empty" has no checks, so it cannot pass: add at least one (Edit checks), then run it again.'] });
    expect((model.client as ReturnType<typeof scriptedModel>).requests).toHaveLength(0);
    expect(opened).toEqual([]);
  });
});
