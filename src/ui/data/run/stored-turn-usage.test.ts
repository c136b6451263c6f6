import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentEventBody } from '../../../domain/run-events';
import type { ToolscopeDB } from '../../../db/database';
import type { EventRecord } from '../../../db/records';
import { freshDB } from '../../../db/testing/fresh-db';
import { resetStoredTurnUsage, storedTurnUsage } from './stored-turn-usage';
import { emptyFold, figuresOf, foldTurnUsage } from './turn-usage-fold';

let db: ToolscopeDB;
afterEach(() => {
  db?.close();
  resetStoredTurnUsage();
});

const u = (p: number, c: number, estimated = false) => ({
  promptTokens: p,
  completionTokens: c,
  totalTokens: p + c,
  estimated,
});
const ev = (runId: string, seq: number, body: AgentEventBody): EventRecord =>
  ({ ...body, runId, seq, t: seq, sessionId: 's' }) as EventRecord;

describe('stored turn usage', () => {
  it('sums request_finished per turn and keeps the estimated mark; ignores events it has already counted', () => {
    const events = [
      ev('r', 0, { type: 'run_started', sessionId: 's', model: 'm', startedAt: 1 }),
      ev('r', 1, { type: 'request_finished', turn: 1, attempt: 1, finishReason: 'tool_calls', usage: u(10, 2) }),
      ev('r', 2, { type: 'request_finished', turn: 2, attempt: 1, finishReason: 'stop', usage: u(20, 5, true) }),
      ev('r', 3, { type: 'request_finished', turn: 2, attempt: 2, finishReason: 'stop', usage: u(1, 1) }),
    ];
    const fold = foldTurnUsage(emptyFold(), events);
    foldTurnUsage(fold, events.slice(2));
    expect(fold.byTurn.get(1)).toEqual(u(10, 2));
    expect(fold.byTurn.get(2)).toEqual(u(21, 6, true));
    expect(fold.finished).toBe(false);
  });

  it('times a turn from its first request_started to its last request_finished', () => {
    const at = (seq: number, t: number, body: AgentEventBody): EventRecord =>
      ({ ...ev('r', seq, body), t }) as EventRecord;
    const fold = foldTurnUsage(emptyFold(), [
      at(0, 0, { type: 'run_started', sessionId: 's', model: 'm', startedAt: 1 }),
      at(1, 10, { type: 'request_started', turn: 1, attempt: 1, messageId: 'a' }),
      at(2, 300, { type: 'request_started', turn: 1, attempt: 2, messageId: 'a' }),
      at(3, 1210, { type: 'request_finished', turn: 1, attempt: 2, finishReason: 'stop', usage: u(1, 1) }),
      at(4, 1300, { type: 'request_started', turn: 2, attempt: 1, messageId: 'b' }),
    ]);
    expect(figuresOf(fold, 1)).toEqual({ usage: u(1, 1), ms: 1200 });
    // Started, not finished: neither figure is known yet.
    expect(figuresOf(fold, 2)).toEqual({ usage: null, ms: null });
  });

  it('reads only new events of a run still being written, and nothing more once the run finished', async () => {
    ({ db } = freshDB());
    await db.events.bulkPut([
      ev('r1', 0, { type: 'run_started', sessionId: 's', model: 'm', startedAt: 1 }),
      ev('r1', 1, { type: 'request_finished', turn: 1, attempt: 1, finishReason: 'tool_calls', usage: u(10, 2) }),
      ev('r2', 0, { type: 'run_started', sessionId: 's', model: 'm', startedAt: 2 }),
      ev('r2', 1, { type: 'request_finished', turn: 1, attempt: 1, finishReason: 'stop', usage: u(99, 9) }),
    ]);
    expect(await storedTurnUsage(db, 'r1', 1)).toEqual(u(10, 2));
    expect(await storedTurnUsage(db, 'r1', 2)).toBeNull();

    await db.events.bulkPut([
      ev('r1', 2, { type: 'request_finished', turn: 2, attempt: 1, finishReason: 'stop', usage: u(30, 3, true) }),
      ev('r1', 3, { type: 'run_finished', stopReason: 'complete', usage: u(40, 5, true) }),
    ]);
    const read = vi.spyOn(db.events, 'where');
    expect(await storedTurnUsage(db, 'r1', 2)).toEqual(u(30, 3, true));
    expect(read).toHaveBeenCalledTimes(1);
    expect(await storedTurnUsage(db, 'r1', 1)).toEqual(u(10, 2));
    expect(read).toHaveBeenCalledTimes(1);
    expect(await storedTurnUsage(db, 'r2', 1)).toEqual(u(99, 9));
  });
});
