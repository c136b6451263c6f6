import { describe, expect, it } from 'vitest';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { AgentEvent } from '../agent/events';
import type { ChatMessage } from '../agent/messages';
import type { SessionRecord } from '../db/records';
import { compactSessionNow, type ManualCompactionDeps } from './manual-compaction';
import { requestView } from './request-view';

const session: SessionRecord = {
  id: 's1', title: 't', model: 'mock-model', status: 'idle', createdAt: 0, updatedAt: 0, messageCount: 0, toolCallCount: 0,
  usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false }, settings: {},
};

let n = 0;
const msg = (role: 'user' | 'assistant', content: string): ChatMessage =>
  role === 'user'
    ? { id: `m${n++}`, createdAt: 0, role, content }
    : { id: `m${n++}`, createdAt: 0, role, content, reasoning: '', refusal: null, toolCalls: [], status: 'complete', runId: 'r', turn: 1 };

function deps(history: ChatMessage[], locked = false) {
  const events: AgentEvent[] = [];
  let released = 0;
  let id = 0;
  const d: ManualCompactionDeps = {
    getSession: async () => session,
    loadHistory: async () => history,
    getApiKey: async () => 'key',
    getBaseURL: () => 'http://x/v1',
    createModelClient: () => ({
      stream: () =>
        (async function* (): AsyncGenerator<ChatCompletionChunk> {
          yield { id: 'c', object: 'chat.completion.chunk', created: 0, model: 'm', choices: [{ index: 0, delta: { content: 'they discussed tea' }, finish_reason: 'stop' }] };
        })(),
    }),
    createPersister: () => ({ emit: (e) => events.push(e), flush: async () => undefined }),
    acquireRunLock: async () => (locked ? { ok: false, reason: 'locked' } : { ok: true, lock: { sessionId: 's1', release: () => void released++ } }),
    newId: () => `id${id++}`,
    now: () => 5,
    clock: () => 0,
  };
  return { d, events, released: () => released };
}

const signal = new AbortController().signal;

describe('compactSessionNow', () => {
  it('stores a summary of all but the last exchange as a run of events, releasing the lock', async () => {
    const history = [msg('user', 'q1'), msg('assistant', 'a1'), msg('user', 'q2'), msg('assistant', 'a2'), msg('user', 'q3'), msg('assistant', 'a3')];
    const { d, events, released } = deps(history);
    const r = await compactSessionNow('s1', d, signal);
    expect(r).toMatchObject({ ok: true, summarized: 4 });
    expect(events.map((e) => e.type)).toEqual(['run_started', 'message_appended', 'context_compacted', 'run_finished']);
    const appended = events[1];
    if (appended?.type !== 'message_appended') throw new Error('expected the summary');
    expect(appended.message).toMatchObject({ role: 'system', summaryOf: history.slice(0, 4).map((m) => m.id) });
    expect(appended.message.content).toContain('they discussed tea');
    expect(requestView([...history, appended.message]).map((m) => m.id)).toEqual([appended.message.id, history[4]!.id, history[5]!.id]);
    expect(released()).toBe(1);
  });

  it('refuses while a run holds the session and when there is nothing to summarise', async () => {
    expect(await compactSessionNow('s1', deps([msg('user', 'a')], true).d, signal)).toMatchObject({ ok: false, reason: 'locked' });
    const short = deps([msg('user', 'only'), msg('assistant', 'one')]);
    expect(await compactSessionNow('s1', short.d, signal)).toMatchObject({ ok: false, reason: 'nothing' });
    expect(short.events).toEqual([]);
    expect(short.released()).toBe(1);
  });
});
