import { afterEach, describe, expect, it } from 'vitest';
import type { WireExchange } from '../domain/wire-exchange';
import type { ToolscopeDB } from './database';
import { freshDB } from './testing/fresh-db';
import { listToolCallExchanges, putWireExchange } from './wire-exchanges-repo';

let db: ToolscopeDB;
afterEach(() => db?.close());

function exchange(id: string, sessionId: string, startedAt: number, owner: WireExchange['owner']): WireExchange {
  return {
    id,
    sessionId,
    owner,
    startedAt,
    request: { method: 'GET', url: `http://h/${id}`, headers: [], body: null },
  };
}

describe('listToolCallExchanges', () => {
  it("lists one tool call's exchanges in its session, oldest first, and nothing else", async () => {
    ({ db } = freshDB());
    const call = { kind: 'tool', runId: 'r1', callId: 'c1' } as const;
    await putWireExchange(db, exchange('hop-2', 's1', 20, call));
    await putWireExchange(db, exchange('hop-1', 's1', 10, call));
    await putWireExchange(db, exchange('other-call', 's1', 15, { kind: 'tool', runId: 'r1', callId: 'c2' }));
    await putWireExchange(db, exchange('model', 's1', 12, { kind: 'model', runId: 'r1', messageId: 'c1', attempt: 1 }));
    await putWireExchange(db, exchange('other-session', 's2', 5, call));
    expect((await listToolCallExchanges(db, 's1', 'c1')).map((e) => e.id)).toEqual(['hop-1', 'hop-2']);
    expect(await listToolCallExchanges(db, 's1', 'c9')).toEqual([]);
  });
});
