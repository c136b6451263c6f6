import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from '../domain/history-check';
import type { PauseDecision, PausePoint } from '../domain/breakpoints';
import { fakeExecutor, fakeTool } from './testing/fake-tools';
import { harness, toolResults, types } from './testing/harness';
import { scriptedModel, textReply, toolCallsReply } from './testing/scripted-model';
import { NOT_RUN_EDITED } from './pause';
import type { EditCheck, PauseGate } from './pause';

/** A gate that stops at the points `stops` accepts and answers each pause from `answers`, in order. */
function scriptedGate(stops: (p: PausePoint) => boolean, answers: PauseDecision[]) {
  const seen: { point: PausePoint; check: EditCheck }[] = [];
  const gate: PauseGate = {
    stopsAt: async (p) => stops(p),
    wait: async (point, check) => {
      seen.push({ point, check });
      return answers.shift() ?? { action: 'continue' };
    },
  };
  return { gate, seen };
}

describe('runAgent: a pause is a state of the one loop', () => {
  it('pauses before the request with the body as it will be sent, and sends an edited body verbatim', async () => {
    const model = scriptedModel([textReply(['hi'])]);
    const { gate, seen } = scriptedGate((p) => p.at === 'request', []);
    const h = harness(model, { pause: gate });
    const edited = (body: string) => {
      const b = JSON.parse(body) as { messages: { role: string; content: string }[] };
      b.messages = [...b.messages.slice(0, -1), { role: 'user', content: 'edited question' }];
      return JSON.stringify(b);
    };
    h.input.pause = {
      stopsAt: gate.stopsAt,
      wait: async (point, check) => {
        seen.push({ point, check });
        return { action: 'continue', edited: point.at === 'request' ? edited(point.body) : '' };
      },
    };
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(seen).toHaveLength(1);
    const point = seen[0]!.point;
    if (point.at !== 'request') throw new Error('not a request pause');
    expect(JSON.parse(point.body)).toMatchObject({
      model: 'test-model',
      messages: [{ role: 'user', content: 'hello' }],
    });
    // What the model client got is the edited body, and nothing went out before the pause ended.
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]).toMatchObject({ messages: [{ role: 'user', content: 'edited question' }] });
    const order = types(h.events);
    expect(order.indexOf('run_paused')).toBeLessThan(order.indexOf('request_started'));
    expect(h.events.find((e) => e.type === 'request_started')).toMatchObject({ edited: true });
    const answer = r.history.find((m) => m.role === 'assistant');
    expect(answer).toMatchObject({ edits: [{ kind: 'request', original: point.body }] });
  });

  it('refuses a request edit that is not a chat request, in words', async () => {
    const { seen, gate } = scriptedGate((p) => p.at === 'request', [{ action: 'continue' }]);
    await harness(scriptedModel([textReply(['hi'])]), { pause: gate }).run();
    const check = seen[0]!.check;
    expect(await check('{"model":"m"')).toMatch(/not valid JSON/);
    expect(await check('{"model":"m"}')).toMatch(/"messages"/);
    expect(await check('{"model":"m","messages":[]}')).toBeNull();
  });

  it('an argument edit runs the edited call and keeps the call as the model made it stored, answered "not run"', async () => {
    const t = fakeTool({ name: 'js_eval', required: { code: 'string' } });
    const model = scriptedModel([
      toolCallsReply([{ id: 'c1', name: 'js_eval', args: '{"code":"1+1"}' }]),
      textReply(['done']),
    ]);
    const { gate, seen } = scriptedGate(
      (p) => p.at === 'before_tool',
      [{ action: 'continue', edited: '{"code":"2+2"}' }],
    );
    const h = harness(model, { tools: fakeExecutor([t]), pause: gate });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(seen[0]?.point).toMatchObject({ at: 'before_tool', name: 'js_eval', arguments: '{"code":"1+1"}' });
    expect(await seen[0]!.check('{"code":5}')).toMatch(/do not match the schema of js_eval/);
    expect(await seen[0]!.check('{"code":')).toMatch(/not valid JSON/);
    expect(t.calls[0]?.args).toEqual({ code: '2+2' });
    // The run's history is the edited path, valid; the next request carries the edited arguments.
    expect(findHistoryProblems(r.history)).toEqual([]);
    const wire = model.requests[1]?.messages.find((m) => m.role === 'assistant') as
      | { tool_calls?: { function: { arguments: string } }[] }
      | undefined;
    expect(wire?.tool_calls?.[0]?.function.arguments).toBe('{"code":"2+2"}');
    const edited = r.history.find((m) => m.role === 'assistant' && m.toolCalls.length > 0);
    expect(edited).toMatchObject({
      toolCalls: [{ id: 'c1_edited', arguments: '{"code":"2+2"}' }],
      edits: [{ kind: 'arguments', callId: 'c1_edited', original: '{"code":"1+1"}' }],
    });
    // The call as the model made it was told (with its "not run" answer), then the edit that replaced it.
    const appended = h.events.flatMap((e) => (e.type === 'message_appended' ? [e.message] : []));
    const asMade = appended.find((m) => m.role === 'assistant' && m.toolCalls[0]?.arguments === '{"code":"1+1"}');
    expect(asMade).toBeDefined();
    expect(asMade && 'edits' in asMade ? asMade.edits : undefined).toBeUndefined();
    expect(appended.find((m) => m.role === 'tool' && m.content === NOT_RUN_EDITED)).toBeDefined();
    const edit = h.events.find((e) => e.type === 'arguments_edited');
    expect(edit).toMatchObject({
      afterMessageId: r.history[0]!.id,
      asMadeMessageIds: expect.arrayContaining([asMade!.id]),
    });
    expect(r.history.some((m) => m.id === asMade!.id)).toBe(false);
  });

  it('answers a call by hand without running it, and edits a result after a call', async () => {
    const a = fakeTool({ name: 'a' });
    const b = fakeTool({ name: 'b', run: async () => ({ content: 'real result', outcome: 'ok', logs: [] }) });
    const model = scriptedModel([
      toolCallsReply([
        { id: 'c1', name: 'a', args: '{}' },
        { id: 'c2', name: 'b', args: '{}' },
      ]),
      textReply(['done']),
    ]);
    const { gate } = scriptedGate(
      (p) => (p.at === 'before_tool' && p.name === 'a') || (p.at === 'after_tool' && p.name === 'b'),
      [
        { action: 'continue', answer: 'typed by hand' },
        { action: 'continue', edited: 'changed result' },
      ],
    );
    const r = await harness(model, { tools: fakeExecutor([a, b]), pause: gate }).run();
    expect(a.calls).toHaveLength(0);
    expect(b.calls).toHaveLength(1);
    expect(toolResults(r.history)).toEqual([
      { id: 'c1', content: 'typed by hand', outcome: 'ok' },
      { id: 'c2', content: 'changed result', outcome: 'ok' },
    ]);
    const results = r.history.filter((m) => m.role === 'tool');
    expect(results.map((m) => (m.role === 'tool' ? m.edits : undefined))).toEqual([
      [{ kind: 'answered' }],
      [{ kind: 'result', original: 'real result' }],
    ]);
  });

  it('Stop from a pause before a call ends the run cancelled with the call answered and the history valid', async () => {
    const t = fakeTool({ name: 't' });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 't', args: '{}' }])]);
    const h = harness(model, { tools: fakeExecutor([t]) });
    h.input.pause = {
      stopsAt: async () => true,
      wait: async (point, _check, signal) => {
        if (point.at === 'request') return { action: 'continue' };
        h.controller.abort();
        return signal.aborted ? { action: 'stop' } : { action: 'continue' };
      },
    };
    const r = await h.run();
    expect(r.stopReason).toBe('cancelled');
    expect(t.calls).toHaveLength(0);
    expect(findHistoryProblems(r.history)).toEqual([]);
    expect(toolResults(r.history)).toEqual([{ id: 'c1', content: 'Cancelled by user', outcome: 'cancelled' }]);
    expect(model.requests).toHaveLength(1);
  });
});
