import { afterEach, describe, expect, it } from 'vitest';
import { zeroUsage } from '../domain/messages';
import type { ToolscopeDB } from './database';
import { createPersister } from './persister';
import { createSession, getSession } from './sessions-repo';
import { freshDB } from './testing/fresh-db';
import { manualTimers } from './testing/manual-timers';
import { runEmitter } from './testing/run-emitter';

let db: ToolscopeDB;
afterEach(() => db?.close());

async function run(runId: string, stopReason: 'max_turns' | 'max_tool_calls' | 'complete' | 'error') {
  const p = createPersister(db, 's', { timers: manualTimers() });
  const r = runEmitter(runId, p);
  r.emit({ type: 'run_started', sessionId: 's', model: 'm', startedAt: 1000 });
  r.emit({ type: 'run_finished', stopReason, usage: zeroUsage() });
  await p.close();
}

describe('a limit stop is stored with the session', () => {
  it('is kept after a max-turns or max-tool-calls stop and cleared by the next run that ends otherwise', async () => {
    ({ db } = freshDB('limit-stop'));
    await createSession(db, { id: 's', title: 'T', model: 'm', now: 1 });
    await run('r1', 'max_turns');
    expect(await getSession(db, 's')).toMatchObject({ status: 'finished', limitStop: 'max_turns' });
    expect((await db.runs.get('r1'))?.stopReason).toBe('max_turns');
    await run('r2', 'max_tool_calls');
    expect((await getSession(db, 's'))?.limitStop).toBe('max_tool_calls');
    await run('r3', 'complete');
    const after = await getSession(db, 's');
    expect(after?.status).toBe('finished');
    expect(after && 'limitStop' in after).toBe(false);
  });

  it('is cleared as soon as a new run starts (a live run is no limit stop)', async () => {
    ({ db } = freshDB('limit-stop-live'));
    await createSession(db, { id: 's', title: 'T', model: 'm', now: 1 });
    await run('r1', 'max_turns');
    const p = createPersister(db, 's', { timers: manualTimers() });
    runEmitter('r2', p).emit({ type: 'run_started', sessionId: 's', model: 'm', startedAt: 2000 });
    await p.flush();
    const live = await getSession(db, 's');
    expect(live?.status).toBe('generating');
    expect(live?.limitStop).toBeUndefined();
  });
});
