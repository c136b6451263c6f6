import { describe, expect, it } from 'vitest';
import { appendMessage } from '../db/messages-repo';
import { createSession } from '../db/sessions-repo';
import type { AssistantMessage } from '../domain/messages';
import { MemoryBlobStore } from './memory-store';
import { testDevice } from './testing/sync-device';

/*
 * Sync stores whole records (architecture.md, "Sync and backup"): a reply's provider content and a run's cache
 * counts reach the other device as they were written, signatures included.
 */
describe("sync carries a reply's provider content and its cache counts", () => {
  it('another device gets the signed blocks and the usage unchanged', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    const b = await testDevice(store);
    await createSession(a.db, { id: 's1', title: 'Claude', model: 'claude-sonnet-4-5' });
    const reply: AssistantMessage = {
      id: 'a1',
      role: 'assistant',
      createdAt: 2,
      content: '',
      reasoning: 'Two cities.',
      refusal: null,
      toolCalls: [{ id: 'toolu_1', name: 'weather', arguments: '{"city":"Paris"}' }],
      status: 'complete',
      runId: 'r1',
      turn: 1,
      wireParts: {
        format: 'anthropic',
        model: 'claude-sonnet-4-5-20250929',
        parts: [
          { type: 'thinking', thinking: 'Two cities: «Paris» 🌧', signature: 'EqQBCkYIARgCIkD+/9sig==' },
          { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va+/=' },
          { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
        ],
      },
    };
    await appendMessage(a.db, 's1', reply);
    const usage = {
      promptTokens: 5_000,
      completionTokens: 40,
      totalTokens: 5_040,
      estimated: false,
      cachedTokens: 3_000,
      cacheWriteTokens: 1_900,
    };
    await a.db.runs.put({ id: 'r1', sessionId: 's1', startedAt: 1, finishedAt: 3, stopReason: 'complete', usage });
    await a.sync();
    await b.sync();
    const got = await b.db.messages.get('a1');
    expect(got?.role === 'assistant' && JSON.stringify(got.wireParts)).toBe(JSON.stringify(reply.wireParts));
    const parts = got?.role === 'assistant' ? (got.wireParts?.parts ?? []) : [];
    expect(parts.map((p) => p.signature ?? p.data ?? p.id)).toEqual([
      'EqQBCkYIARgCIkD+/9sig==',
      'EmwKAhgBEgy3va+/=',
      'toolu_1',
    ]);
    expect((await b.db.runs.get('r1'))?.usage).toEqual(usage);
  });
});
