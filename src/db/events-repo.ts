import Dexie from 'dexie';
import type { ToolscopeDB } from './database';
import type { EventRecord } from './records';
import { listRuns } from './runs-repo';

export function listRunEvents(db: ToolscopeDB, runId: string): Promise<EventRecord[]> {
  return db.events.where('[runId+seq]').between([runId, Dexie.minKey], [runId, Dexie.maxKey]).toArray();
}

/** Up to `limit` events of a run after seq `afterSeq` (-1 for the first), by seq: how readers top up incrementally. */
export function listRunEventsAfter(
  db: ToolscopeDB,
  runId: string,
  afterSeq: number,
  limit: number,
): Promise<EventRecord[]> {
  return db.events
    .where('[runId+seq]')
    .between([runId, afterSeq], [runId, Dexie.maxKey], false, true)
    .limit(limit)
    .toArray();
}

export function countRunEvents(db: ToolscopeDB, runId: string): Promise<number> {
  return db.events.where('[runId+seq]').between([runId, Dexie.minKey], [runId, Dexie.maxKey]).count();
}

export function countSessionEvents(db: ToolscopeDB, sessionId: string): Promise<number> {
  return db.events.where('sessionId').equals(sessionId).count();
}

/**
 * The timeline's input: every event of a session, runs in start order, each run's events by seq.
 * Events of a run whose row is missing (e.g. its first write failed) come last, still by seq.
 */
export async function listSessionEvents(db: ToolscopeDB, sessionId: string): Promise<EventRecord[]> {
  const [runs, events] = await Promise.all([
    listRuns(db, sessionId),
    db.events.where('sessionId').equals(sessionId).toArray(),
  ]);
  const rank = new Map(runs.map((r, i) => [r.id, i]));
  const rankOf = (e: EventRecord) => rank.get(e.runId) ?? runs.length;
  return events.sort(
    (a, b) => rankOf(a) - rankOf(b) || (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0) || a.seq - b.seq,
  );
}
