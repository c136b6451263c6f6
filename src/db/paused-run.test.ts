import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from './database';
import { listRunEvents } from './events-repo';
import { createPersister } from './persister';
import { closePausedRun, endsPaused, storedPause } from './paused-run';
import { createSession } from './sessions-repo';
import { freshDB } from './testing/fresh-db';
import { userMsg } from './testing/message-builders';
import { manualTimers } from './testing/manual-timers';
import { runEmitter } from './testing/run-emitter';

let db: ToolscopeDB;
afterEach(() => db?.close());

/** A run that paused before its first request, and whose page went away (no run_finished). */
async function pausedSession(id: string) {
  await createSession(db, { id, model: 'm', now: 1 });
  const p = createPersister(db, id, { timers: manualTimers() });
  const run = runEmitter(`${id}-r`, p);
  run.emit({ type: 'run_started', sessionId: id, model: 'm', startedAt: 100 });
  run.emit({ type: 'message_appended', message: userMsg(`${id}-u`, 'go') });
  run.emit({ type: 'run_paused', point: { at: 'request', turn: 1, body: '{"model":"m","messages":[]}' } });
  await p.flush();
  return `${id}-r`;
}

describe('a run left at a pause', () => {
  it('is found as paused, then closed as cut off by the reload: a recovered run_finished after its last event', async () => {
    db = freshDB().db;
    const runId = await pausedSession('s1');
    expect(await endsPaused(db, 's1')).toBe(true);
    expect((await storedPause(db, 's1'))?.point.at).toBe('request');
    await closePausedRun(db, 's1', runId);
    const events = await listRunEvents(db, runId);
    expect(events.at(-1)).toMatchObject({
      type: 'run_finished',
      stopReason: 'cancelled',
      recovered: true,
      seq: events.length - 1,
    });
    expect(await db.runs.get(runId)).toMatchObject({ stopReason: 'cancelled', interrupted: true });
    expect(await endsPaused(db, 's1')).toBe(false);
    expect(await storedPause(db, 's1')).toBeNull();
  });

  it('leaves a run of another session, and a finished run, as they are', async () => {
    db = freshDB().db;
    const runId = await pausedSession('s2');
    await closePausedRun(db, 'other', runId);
    expect(await endsPaused(db, 's2')).toBe(true);
    await closePausedRun(db, 's2', runId);
    const count = (await listRunEvents(db, runId)).length;
    await closePausedRun(db, 's2', runId);
    expect(await listRunEvents(db, runId)).toHaveLength(count);
  });
});
