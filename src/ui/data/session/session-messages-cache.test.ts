import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ToolscopeDB } from '../../../db/database';
import { listMessages, toMessageRecord } from '../../../db/messages-repo';
import { assistantMsg, userMsg } from '../../../db/testing/message-builders';
import { freshDB } from '../../../db/testing/fresh-db';
import { SessionMessagesCache } from './session-messages-cache';

let db: ToolscopeDB;
afterEach(() => db?.close());

describe('SessionMessagesCache', () => {
  it('matches a full read through appends, a streaming partial growing, its completion and deletes, fetching only what may have changed', async () => {
    ({ db } = freshDB());
    const history = Array.from({ length: 200 }, (_, i) =>
      toMessageRecord('s', i, i % 2 ? assistantMsg(`a${i}`, 'r0', 1, `answer ${i}`) : userMsg(`u${i}`, `q ${i}`)),
    );
    await db.messages.bulkPut([...history, toMessageRecord('other', 0, userMsg('x', 'elsewhere'))]);
    const cache = new SessionMessagesCache(db, 's');
    const bulkGet = vi.spyOn(db.messages, 'bulkGet');
    const first = await cache.read();
    expect(first).toEqual(await listMessages(db, 's'));

    // Nothing changed: the last row is checked, the same array comes back.
    bulkGet.mockClear();
    expect(await cache.read()).toBe(first);
    expect(bulkGet.mock.calls.map((c) => c[0])).toEqual([['a199']]);

    // A run streams: a new user message and a partial, then the partial grows (same id, same order).
    const partial = { ...assistantMsg('p', 'r1', 1, 'Hel'), status: 'streaming' as const };
    await db.messages.bulkPut([
      toMessageRecord('s', 200, userMsg('u200', 'more?')),
      toMessageRecord('s', 201, partial),
    ]);
    bulkGet.mockClear();
    expect(await cache.read()).toEqual(await listMessages(db, 's'));
    expect(bulkGet.mock.calls.map((c) => c[0])).toEqual([['u200', 'p']]);
    await db.messages.put(toMessageRecord('s', 201, { ...partial, content: 'Hello wor' }));
    await db.messages.put(toMessageRecord('s', 200, userMsg('u200', 'more?')));
    bulkGet.mockClear();
    const grown = await cache.read();
    expect(grown.at(-1)?.content).toBe('Hello wor');
    expect(bulkGet.mock.calls.map((c) => c[0])).toEqual([['p']]);

    // The partial completes; an early message is deleted (compaction, or a partial replaced by another id).
    await db.messages.put(toMessageRecord('s', 201, { ...assistantMsg('p', 'r1', 1, 'Hello world') }));
    await db.messages.delete('u0');
    const done = await cache.read();
    expect(done).toEqual(await listMessages(db, 's'));
    expect(done[0]?.id).toBe('a1');
    expect(done.at(-1)).toMatchObject({ id: 'p', status: 'complete', content: 'Hello world' });

    // A completed row is not re-read any more (only the newest, which it is here).
    bulkGet.mockClear();
    await db.messages.put(toMessageRecord('s', 202, userMsg('u202', 'thanks')));
    expect(await cache.read()).toEqual(await listMessages(db, 's'));
    expect(bulkGet.mock.calls.map((c) => c[0])).toEqual([['u202']]);
  });
});

describe('SessionMessagesCache on a long session', () => {
  it('opens with only the newest messages, then loads the older ones in chunks and returns the whole history', async () => {
    ({ db } = freshDB());
    const n = SessionMessagesCache.TAIL * 4 + 7;
    const history = Array.from({ length: n }, (_, i) =>
      toMessageRecord('s', i, i % 2 ? assistantMsg(`a${i}`, 'r0', 1, `answer ${i}`) : userMsg(`u${i}`, `q ${i}`)),
    );
    await db.messages.bulkPut(history);
    const cache = new SessionMessagesCache(db, 's');
    const bulkGet = vi.spyOn(db.messages, 'bulkGet');

    const tail = await cache.read();
    const full = await listMessages(db, 's');
    expect(tail).toEqual(full.slice(-SessionMessagesCache.TAIL));
    expect(cache.earlierCount).toBe(n - SessionMessagesCache.TAIL);
    expect(bulkGet.mock.calls.flatMap((c) => c[0])).toHaveLength(SessionMessagesCache.TAIL);

    // A write while only the tail is held: still the tail, with the new message.
    await db.messages.put(toMessageRecord('s', n, userMsg('late', 'one more')));
    const grown = await cache.read();
    expect(grown.at(-1)?.id).toBe('late');
    expect(grown[0]?.id).toBe(tail[0]?.id);

    bulkGet.mockClear();
    await cache.loadEarlier();
    // Chunked: no single read deserialises the whole history.
    expect(bulkGet.mock.calls.length).toBeGreaterThan(1);
    expect(Math.max(...bulkGet.mock.calls.map((c) => c[0].length))).toBeLessThan(n);
    expect(await cache.read()).toEqual(await listMessages(db, 's'));
    expect(cache.earlierCount).toBe(0);
  });
});
