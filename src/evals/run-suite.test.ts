import { describe, expect, it } from 'vitest';
import { runAgent } from '../agent/loop';
import type { ModelClient } from '../agent/model-client';
import { httpError, scriptedModel, textReply, toolCallsReply, type ScriptStep } from '../agent/testing/scripted-model';
import type { EvalCaseRecord, EvalRunRecord } from '../domain/eval-case';
import { createInProcessValidator } from '../tools/validation/in-process-validator';
import { argsValidatorOn } from './args-validator';
import { runSuite, type SuiteRunDeps, type SuiteTarget } from './run-suite';
import { summarizeSuiteRun } from './suite-summary';

const weather: EvalCaseRecord = {
  id: 'c1',
  suiteId: 's',
  name: 'Weather',
  createdAt: 1,
  updatedAt: 1,
  request: {
    model: 'orig',
    messages: [{ id: 'u1', createdAt: 1, role: 'user', content: 'Weather in Paris?' }],
    tools: [
      {
        name: 'get_weather',
        description: 'w',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    ],
  },
  recorded: [{ name: 'get_weather', arguments: '{ "city": "Paris" }', result: '18 °C', isError: false }],
  checks: [
    { kind: 'calls_tool', tool: 'get_weather' },
    {
      kind: 'arguments_match',
      tool: 'get_weather',
      schema: { type: 'object', properties: { city: { const: 'Paris' } }, required: ['city'] },
    },
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
    openCellSession: async (c) => ({
      sessionId: `session-${n++}`,
      history: c.request.messages.map((m) => ({ ...m, id: `copy-${m.id}` })),
      emit: () => undefined,
      close: async () => undefined,
    }),
    saveRun: async (run) => void saved.push(run),
  };
}

const target = (
  label: string,
  steps: (ScriptStep | ReturnType<typeof httpError>)[],
): SuiteTarget & { client: ModelClient } => ({ label, model: label, client: scriptedModel(steps) });

describe('runSuite', () => {
  it('passes a model that calls the tool and answers, answering its call from the recordings', async () => {
    const saved: EvalRunRecord[] = [];
    const good = target('priced', [
      toolCallsReply([{ id: 'x9', name: 'get_weather', args: '{"city":"Paris"}' }]),
      textReply(['It is ', '18 °C.']),
    ]);
    const run = await runSuite(
      's',
      ['priced'],
      [weather],
      [good],
      deps(saved),
      new AbortController().signal,
      () => undefined,
    );
    expect(run.state).toBe('finished');
    expect(run.cells[0]).toMatchObject({
      verdict: 'pass',
      reasons: [],
      model: 'priced',
      sessionId: expect.stringMatching(/^session-/),
    });
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
    const run = await runSuite(
      's',
      ['lyon', 'broken'],
      [weather],
      [lyon, broken],
      deps([]),
      new AbortController().signal,
      () => undefined,
    );
    const [a, b] = run.cells;
    expect(a?.verdict).toBe('fail');
    expect(a?.reasons[0]).toBe(
      'It called get_weather with {"city":"Lyon"}, which has no recorded result, so the case stopped there (a case never runs tools live).',
    );
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
    const running = runSuite(
      's',
      ['slow'],
      [weather, { ...weather, id: 'c2', name: 'Second' }],
      [hanging],
      { ...deps([]), concurrency: 1 },
      ctl.signal,
      (r) => {
        progress.push(r);
        if (r.cells[0]?.sessionId && !ctl.signal.aborted) queueMicrotask(() => ctl.abort());
      },
    );
    const run = await running;
    expect(run.state).toBe('stopped');
    expect(run.cells.map((c) => c.verdict)).toEqual(['stopped', 'stopped']);
    expect(summarizeSuiteRun(run, ['slow'])[0]).toMatchObject({
      passed: 0,
      total: 2,
      costUsd: null,
      medianTtftMs: null,
    });
  });
});

describe('runSuite, Stop while a cell is being set up', () => {
  it('a cell whose session was still being made when Stop came never sends its request on', async () => {
    const ctl = new AbortController();
    const hanging = target('slow', [{ chunks: [], then: 'hang' }]);
    const base = deps([]);
    const run = await runSuite(
      's',
      ['slow'],
      [weather],
      [hanging],
      {
        ...base,
        openCellSession: async (c, t, runId) => {
          const session = await base.openCellSession(c, t, runId);
          ctl.abort();
          return session;
        },
      },
      ctl.signal,
      () => undefined,
    );
    expect(run.cells.map((c) => c.verdict)).toEqual(['stopped']);
  });

  it('fails a case with no checks (stored before they were required) with a sentence, sending nothing for it', async () => {
    const checkless: EvalCaseRecord = { ...weather, id: 'c0', name: 'Empty', checks: [] };
    const model = target('m', [textReply(['It is 18 °C.'])]);
    const opened: string[] = [];
    const d = deps([]);
    const run = await runSuite(
      's',
      ['m'],
      [checkless],
      [model],
      { ...d, openCellSession: async (c, t, id) => (opened.push(c.id), d.openCellSession(c, t, id)) },
      new AbortController().signal,
      () => undefined,
    );
    expect(run.cells[0]).toMatchObject({
      verdict: 'fail',
      reasons: [
        'The case "Empty" has no checks, so it cannot pass: add at least one (Edit checks), then run it again.',
      ],
    });
    expect((model.client as ReturnType<typeof scriptedModel>).requests).toHaveLength(0);
    expect(opened).toEqual([]);
  });
});

describe('runSuite with Repeats and a model as judge', () => {
  const plain: EvalCaseRecord = {
    ...weather,
    id: 'c3',
    name: 'Plain',
    request: { ...weather.request, tools: [] },
    recorded: [],
    checks: [{ kind: 'answer_contains', text: '18 °C' }],
  };

  it('runs each case x model Repeats times as independent runs, and tells flaky from broken', async () => {
    const alternating = target('alt', [
      textReply(['It is 18 °C.']),
      textReply(['Sunny.']),
      textReply(['It is 18 °C.']),
    ]);
    const broken = target('broken', [textReply(['Sunny.']), textReply(['Sunny.']), textReply(['Sunny.'])]);
    const progress: number[] = [];
    const run = await runSuite(
      's',
      ['alt', 'broken'],
      [plain],
      [alternating, broken],
      { ...deps([]), concurrency: 1 },
      new AbortController().signal,
      (r) => progress.push(r.cells.length),
      3,
    );
    expect(run.repeats).toBe(3);
    // Progress counts runs: cases x models x Repeats.
    expect(new Set(progress)).toEqual(new Set([6]));
    expect(run.cells.map((c) => [c.model, c.repeat, c.verdict])).toEqual([
      ['alt', 0, 'pass'],
      ['alt', 1, 'fail'],
      ['alt', 2, 'pass'],
      ['broken', 0, 'fail'],
      ['broken', 1, 'fail'],
      ['broken', 2, 'fail'],
    ]);
    // Each run is a session of its own, sent the same frozen request.
    expect(new Set(run.cells.map((c) => c.sessionId)).size).toBe(6);
    const sent = (alternating.client as ReturnType<typeof scriptedModel>).requests.map((r) =>
      JSON.stringify(r.messages),
    );
    expect(new Set(sent).size).toBe(1);
    const [alt, brk] = summarizeSuiteRun(run, ['alt', 'broken']);
    expect(alt).toMatchObject({ passed: 2, total: 3, passedEveryTime: 0, flaky: 1 });
    expect(brk).toMatchObject({ passed: 0, total: 3, passedEveryTime: 0, flaky: 0 });
  });

  it("asks the judge about the final answer, keeps its call and cost apart from the case's, and fails when it errors", async () => {
    const judgeCase: EvalCaseRecord = {
      ...plain,
      id: 'c4',
      name: 'Judged',
      checks: [{ kind: 'judge', question: 'Does it give a temperature?', judgeModel: 'judge-m', threshold: 0.5 }],
    };
    const asked: string[] = [];
    const model = target('priced', [textReply(['It is 18 °C.']), textReply(['Sunny.']), textReply(['Cold.'])]);
    const run = await runSuite(
      's',
      ['priced'],
      [judgeCase],
      [model],
      {
        ...deps([]),
        concurrency: 1,
        judge: async (check, answer) => {
          asked.push(answer);
          if (answer === 'Cold.')
            return {
              model: check.judgeModel,
              verdict: 'failed',
              probability: null,
              words: `The judge (${check.judgeModel}) failed: 500`,
              inputTokens: null,
              outputTokens: null,
              costUsd: null,
            };
          const yes = answer.includes('°C');
          return {
            model: check.judgeModel,
            verdict: yes ? 'yes' : 'no',
            probability: yes ? 0.9 : 0.12,
            words: `The judge (${check.judgeModel}) said ${yes ? 'yes, 0.90' : 'no, 0.12'}`,
            inputTokens: 30,
            outputTokens: 1,
            costUsd: 0.5,
          };
        },
      },
      new AbortController().signal,
      () => undefined,
      3,
    );
    expect(asked).toEqual(['It is 18 °C.', 'Sunny.', 'Cold.']);
    expect(run.cells.map((c) => [c.verdict, c.reasons])).toEqual([
      ['pass', []],
      ['fail', ['The judge (judge-m) said no, 0.12']],
      ['fail', ['The judge (judge-m) failed: 500']],
    ]);
    expect(run.cells[0]?.judge).toEqual([expect.objectContaining({ verdict: 'yes', inputTokens: 30, costUsd: 0.5 })]);
    // The case's own cost is the model's tokens only: the judge's $0.50 a call is never in it.
    expect(run.cells[0]?.costUsd).toBeGreaterThan(0);
    expect(run.cells[0]?.costUsd).toBeLessThan(0.5);
    expect(summarizeSuiteRun(run, ['priced'])[0]?.judgeCostUsd).toBeNull();
  });

  it('does not ask the judge when the run failed, and a judge check without a judge fails in words', async () => {
    const judgeCase: EvalCaseRecord = {
      ...plain,
      id: 'c5',
      name: 'Judged',
      checks: [{ kind: 'judge', question: 'Q?', judgeModel: 'judge-m', threshold: 0.5 }],
    };
    const failing = target('broken', [httpError(400, 'Nope.')]);
    const fine = target('fine', [textReply(['It is 18 °C.'])]);
    const run = await runSuite(
      's',
      ['broken', 'fine'],
      [judgeCase],
      [failing, fine],
      deps([]),
      new AbortController().signal,
      () => undefined,
    );
    expect(run.cells[0]?.reasons).toContain('The judge (judge-m) was not asked: the run did not reach an answer.');
    expect(run.cells[1]).toMatchObject({
      verdict: 'fail',
      reasons: ['The judge (judge-m) failed: no judge can be reached from here'],
    });
  });
});
