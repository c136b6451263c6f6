import Dexie from 'dexie';
import type { PausePoint } from '../domain/breakpoints';
import type { AssistantMessage } from '../domain/messages';
import type { StandingAnswer } from '../agent/pause';
import type { ToolscopeDB } from './database';
import type { EventRecord } from './records';
import { closeCutRun } from './close-cut-run';
import { loadPathRecords } from './messages-repo';

/**
 * A run that stopped at a breakpoint and whose page went away (docs/debugging.md, "Breakpoints"): its last stored
 * event is `run_paused`. What a resumed run needs: the point, the stored message whose calls it paused at (tool
 * points), and the results of that message's calls that had finished before the reload.
 */
export type StoredPause = {
  runId: string;
  point: PausePoint;
  message?: AssistantMessage;
  answered: Map<string, StandingAnswer>;
};

/** The unfinished run of the session, when it waits at a pause; null otherwise. */
export async function storedPause(db: ToolscopeDB, sessionId: string): Promise<StoredPause | null> {
  const open = await db.runs
    .where('sessionId')
    .equals(sessionId)
    .filter((r) => r.finishedAt === null)
    .toArray();
  const run = open.sort((a, b) => b.startedAt - a.startedAt)[0];
  if (!run) return null;
  const events = await runEvents(db, run.id);
  const last = events.at(-1);
  if (last?.type !== 'run_paused') return null;
  const point = last.point;
  if (point.at === 'request') return { runId: run.id, point, answered: new Map() };
  const path = await loadPathRecords(db, sessionId);
  const message = path.findLast(
    (m): m is AssistantMessage & { sessionId: string; order: number } =>
      m.role === 'assistant' && m.toolCalls.some((c) => c.id === point.callId),
  );
  if (!message) return null;
  const ids = new Set(message.toolCalls.map((c) => c.id));
  const answered = new Map<string, StandingAnswer>();
  for (const e of events) {
    if (e.type === 'tool_finished' && ids.has(e.callId))
      answered.set(e.callId, { content: e.result, outcome: e.outcome, isError: e.isError });
  }
  const {
    sessionId: _s,
    order: _o,
    branchId: _b,
    ...stored
  } = message as AssistantMessage & { sessionId: string; order: number; branchId?: string };
  return { runId: run.id, point, message: stored, answered };
}

/** Whether the session's unfinished run waits at a pause (recovery leaves such a run for the person to resume). */
export async function endsPaused(db: ToolscopeDB, sessionId: string): Promise<boolean> {
  const open = await db.runs
    .where('sessionId')
    .equals(sessionId)
    .filter((r) => r.finishedAt === null)
    .toArray();
  for (const run of open) {
    const last = await db.events.where('[runId+seq]').between([run.id, Dexie.minKey], [run.id, Dexie.maxKey]).last();
    if (last?.type === 'run_paused') return true;
  }
  return false;
}

/** Ends the paused run as cut off by the reload; the run resumed from its pause goes on as a new run. */
export async function closePausedRun(db: ToolscopeDB, sessionId: string, runId: string): Promise<void> {
  await db.transaction('rw', db.runs, db.events, async () => {
    const run = await db.runs.get(runId);
    if (!run || run.finishedAt !== null || run.sessionId !== sessionId) return;
    await closeCutRun(db, run, 0);
  });
}

function runEvents(db: ToolscopeDB, runId: string): Promise<EventRecord[]> {
  return db.events.where('[runId+seq]').between([runId, Dexie.minKey], [runId, Dexie.maxKey]).toArray();
}
