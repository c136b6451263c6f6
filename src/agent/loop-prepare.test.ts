import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from '../domain/history-check';
import { fakeExecutor, fakeTool, ok } from './testing/fake-tools';
import { harness, roles, types } from './testing/harness';
import { scriptedModel, textReply } from './testing/scripted-model';

describe('preparing a run (recall, loading tools) after the user message is appended', () => {
  it('Stop while preparing ends the run cancelled with the user message kept and no request sent', async () => {
    const model = scriptedModel([textReply(['never'])]);
    const h = harness(model, {
      prepare: (signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new DOMException('The request was aborted.', 'AbortError')), {
            once: true,
          });
        }),
    });
    const running = h.run();
    await Promise.resolve();
    expect(types(h.events)).toEqual(['run_started', 'message_appended']);
    h.controller.abort();
    const r = await running;
    expect(r.stopReason).toBe('cancelled');
    expect(r.error).toBeUndefined();
    expect(roles(r.history)).toEqual(['user']);
    expect(findHistoryProblems(r.history)).toEqual([]);
    expect(model.requests).toHaveLength(0);
  });

  it('a failure while preparing is the run error, carried as it was given, with the user message kept', async () => {
    const model = scriptedModel([textReply(['never'])]);
    const info = { fault: 'system', kind: 'storage', message: 'Browser storage is full.' } as const;
    const h = harness(model, {
      prepare: async () => {
        throw Object.assign(new Error('x'), { info });
      },
    });
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toEqual(info);
    expect(roles(r.history)).toEqual(['user']);
  });

  it('what preparation returns replaces the tools and the system prompt', async () => {
    const model = scriptedModel([textReply(['hi'])]);
    const h = harness(model, {
      systemPrompt: 'old',
      prepare: async () => ({
        tools: fakeExecutor([fakeTool({ name: 't', run: () => ok('x') })]),
        systemPrompt: 'new',
      }),
    });
    await h.run();
    const sent = model.requests[0];
    expect(sent?.messages[0]).toMatchObject({ role: 'system', content: 'new' });
    expect(sent?.tools?.map((t) => ('function' in t ? t.function.name : ''))).toEqual(['t']);
  });
});
