import { describe, expect, it } from 'vitest';
import { buildExport } from '../io/session-file/export-sessions';
import { validateExportFile } from '../io/session-file/validate-file';
import { createSession, listSessions, searchSessions } from './sessions-repo';
import { freshDB } from './testing/fresh-db';

/** A suite run's sessions (architecture.md, "Test cases and suites"): out of the list and of "all" unless asked for. */
describe('sessions made by suite runs', () => {
  it('are left out of the list, the search and an export of all sessions, and shown when asked for', async () => {
    const { db } = freshDB(`test-runs-${Math.random()}`);
    await createSession(db, { id: 'chat', title: 'Weather chat', model: 'm', now: 1 });
    await createSession(db, {
      id: 'cell',
      title: 'Weather on mock-pass',
      model: 'm',
      now: 2,
      evalRun: { suiteId: 'suite', runId: 'run' },
    });
    await createSession(db, { id: 'chat2', title: 'Later chat', model: 'm', now: 3 });

    expect((await listSessions(db)).map((s) => s.id)).toEqual(['chat2', 'chat']);
    // The limit counts shown sessions only.
    expect((await listSessions(db, { limit: 1, offset: 1 })).map((s) => s.id)).toEqual(['chat']);
    expect((await listSessions(db, { testRuns: true })).map((s) => s.id)).toEqual(['chat2', 'cell', 'chat']);
    expect((await searchSessions(db, 'weather')).map((s) => s.id)).toEqual(['chat']);
    expect((await searchSessions(db, 'weather', 100, true)).map((s) => s.id)).toEqual(['cell', 'chat']);
    expect(await db.sessions.get('cell')).toMatchObject({ evalRun: { suiteId: 'suite', runId: 'run' } });

    const all = await buildExport(db, { kind: 'all' });
    expect(all.file.sessions.map((s) => s.session.id).sort()).toEqual(['chat', 'chat2']);
    // Asked for by name (its own "This session"), it travels with its mark, and the file is valid.
    const one = await buildExport(db, { kind: 'session', sessionId: 'cell' });
    expect(one.file.sessions[0]?.session.evalRun).toEqual({ suiteId: 'suite', runId: 'run' });
    expect(validateExportFile(JSON.parse(JSON.stringify(one.file)))).toMatchObject({ ok: true });
  });
});
