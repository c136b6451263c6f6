import { afterEach, describe, expect, it } from 'vitest';
import type { WireExchange } from '../domain/wire-exchange';
import type { ToolscopeDB } from './database';
import { createSession, deleteSession } from './sessions-repo';
import { freshDB } from './testing/fresh-db';
import { listMessageExchanges, listSessionExchanges, putWireExchange } from './wire-exchanges-repo';

let db: ToolscopeDB;
afterEach(() => db?.close());

/** An exchange whose request body is `body` and whose response is `reads` reads of `readBytes` ASCII bytes each. */
function exchange(id: string, sessionId: string, startedAt: number, reads: number, readBytes = 100): WireExchange {
  return {
    id,
    sessionId,
    owner: { kind: 'model', runId: 'r1', messageId: `m-${id}`, attempt: 1 },
    startedAt,
    request: { method: 'POST', url: 'http://h/v1', headers: [], body: { encoding: 'utf8', data: 'b'.repeat(50) } },
    response: {
      status: 200,
      headers: [],
      headersAtMs: 1,
      reads: Array.from({ length: reads }, (_, i) => ({ atMs: 2 + i, text: String(i % 10).repeat(readBytes) })),
      endedAtMs: 2 + reads,
    },
  };
}

// url 11 bytes + body 50 + reads.
const size = (reads: number) => 11 + 50 + reads * 100;

describe('wire-exchanges-repo', () => {
  it('keeps everything under the limit, listed by session and by message, oldest first', async () => {
    ({ db } = freshDB());
    await putWireExchange(db, exchange('b', 's1', 20, 2), 10_000);
    await putWireExchange(db, exchange('a', 's1', 10, 2), 10_000);
    await putWireExchange(db, exchange('c', 's2', 5, 2), 10_000);
    expect((await listSessionExchanges(db, 's1')).map((e) => e.id)).toEqual(['a', 'b']);
    expect(await listSessionExchanges(db, 's1')).toEqual([exchange('a', 's1', 10, 2), exchange('b', 's1', 20, 2)]);
    expect((await listMessageExchanges(db, 'm-c')).map((e) => e.id)).toEqual(['c']);
  });

  it("drops the oldest exchanges' last reads first when a session goes over its limit, saying how much", async () => {
    ({ db } = freshDB());
    const limit = size(5) + size(5);
    await putWireExchange(db, exchange('old', 's1', 1, 5), limit);
    await putWireExchange(db, exchange('other-session', 's2', 2, 5), limit);
    await putWireExchange(db, exchange('new', 's1', 3, 7), limit);
    const [old, recent] = await listSessionExchanges(db, 's1');
    // 200 bytes over: the old exchange's last two reads go; the new one is whole; the other session is untouched.
    expect(old?.response?.reads.map((r) => r.text[0])).toEqual(['0', '1', '2']);
    expect(old?.response?.droppedBytes).toBe(200);
    expect(recent).toEqual(exchange('new', 's1', 3, 7));
    expect(await listSessionExchanges(db, 's2')).toEqual([exchange('other-session', 's2', 2, 5)]);

    // Far over: the older ones lose every read (their requests stay), then the newest its last reads.
    await putWireExchange(db, exchange('newest', 's1', 4, 30), size(20));
    const left = await listSessionExchanges(db, 's1');
    expect(left.map((e) => [e.id, e.response?.reads.length, e.response?.droppedBytes])).toEqual([
      ['old', 0, 500],
      ['new', 0, 700],
      ['newest', 18, 1200],
    ]);
    expect(left[2]?.response?.reads).toEqual(exchange('newest', 's1', 4, 30).response?.reads.slice(0, 18));
    expect(left[2]?.response?.endedAtMs).toBe(32);

    // Still over with no reads left: the oldest exchanges go whole; the one just stored stays even alone over the limit.
    const big = {
      ...exchange('big', 's1', 5, 0),
      request: { ...exchange('big', 's1', 5, 0).request, body: { encoding: 'utf8' as const, data: 'x'.repeat(5000) } },
    };
    await putWireExchange(db, big, size(20));
    expect((await listSessionExchanges(db, 's1')).map((e) => e.id)).toEqual(['big']);
  });

  it('goes with its session when the session is deleted, and comes back with Undo', async () => {
    ({ db } = freshDB());
    await createSession(db, { id: 's1', title: 'Chat', model: 'm', now: 1 });
    await createSession(db, { id: 's2', title: 'Other', model: 'm', now: 1 });
    await putWireExchange(db, exchange('a', 's1', 1, 2));
    await putWireExchange(db, exchange('b', 's2', 1, 2));
    const deleted = await deleteSession(db, 's1');
    expect(await listSessionExchanges(db, 's1')).toEqual([]);
    expect((await listSessionExchanges(db, 's2')).map((e) => e.id)).toEqual(['b']);
    if (!deleted.ok) throw new Error('expected the session deleted');
    expect(await deleted.undo.undo()).toBe(true);
    expect(await listSessionExchanges(db, 's1')).toEqual([exchange('a', 's1', 1, 2)]);
  });
});
