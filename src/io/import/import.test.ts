import { describe, expect, it } from 'vitest';
import { loadHistory } from '../../db/messages-repo';
import { INTERRUPTED_RESULT } from '../../db/recover';
import { freshDB } from '../../db/testing/fresh-db';
import { findHistoryProblems } from '../../domain/history-check';
import { unflattenTool } from '../../domain/tool-definition';
import { checkExportData } from '../session-file/check-file';
import type { ExportFileV1 } from '../session-file/format-v1';
import { importThroughJob } from '../testing/import-through-job';
import { analyzeImport, planImport, toolDifferences } from './import-plan';
import { screenImport } from './import-screen';
import { writeImport } from './import-write';
import { fixtureFile } from '../testing/export-fixture';
import { snapshot } from '../testing/table-snapshot';

const SID = 'ses_01JDW3K8Q2Z7PARISTOKYO';
const text = (f: ExportFileV1) => JSON.stringify(f);

/** A file through the format checks and then the import's own screening, as every import runs it before analysing. */
function screened(data: unknown) {
  const out = checkExportData(data);
  return out.ok ? { ok: true as const, file: screenImport(out.file).file } : out;
}

describe('import', () => {
  it('imports the frozen fixture into an empty database with a valid, loadable history', async () => {
    const { db } = freshDB('imp-1');
    const out = await importThroughJob(db, text(fixtureFile()));
    expect(out).toMatchObject({ ok: true, summary: { sessionIds: [SID] } });
    const history = await loadHistory(db, SID);
    expect(history).toHaveLength(9);
    expect(findHistoryProblems(history)).toEqual([]);
    expect(await db.toolCalls.count()).toBe(3);
    expect(await db.events.count()).toBe(41);
    expect((await db.tools.toArray()).map((t) => t.name).sort()).toEqual(['convert_temperature', 'get_weather']);
  });

  it('imports a session whose id exists as a copy with new ids, unless told to replace', async () => {
    const { db } = freshDB('imp-2');
    await importThroughJob(db, text(fixtureFile()));
    const copy = await importThroughJob(db, text(fixtureFile()));
    if (!copy.ok) throw new Error(copy.failure.message);
    const newId = copy.summary.sessionIdMap[SID]!;
    expect(newId).not.toBe(SID);
    expect(await db.sessions.count()).toBe(2);
    expect((await db.sessions.get(newId))?.title).toBe('Weather in Paris and Tokyo (copy)');
    const history = await loadHistory(db, newId);
    expect(history).toHaveLength(9);
    expect(findHistoryProblems(history)).toEqual([]);
    expect(await db.toolCalls.where('sessionId').equals(newId).count()).toBe(3);
    expect(await db.events.where('sessionId').equals(newId).count()).toBe(41);
    // The original is untouched.
    expect(await loadHistory(db, SID)).toHaveLength(9);
    expect((await db.sessions.get(SID))?.title).toBe('Weather in Paris and Tokyo');

    const changed = fixtureFile();
    changed.sessions[0]!.session.title = 'Replaced title';
    changed.sessions[0]!.messages = changed.sessions[0]!.messages.slice(0, 7);
    changed.sessions[0]!.session.messageCount = 7;
    const replaced = await importThroughJob(db, text(changed), { sessions: { [SID]: 'replace' } });
    expect(replaced).toMatchObject({ ok: true, summary: { sessionIdMap: { [SID]: SID } } });
    expect(await db.sessions.count()).toBe(2);
    expect((await db.sessions.get(SID))?.title).toBe('Replaced title');
    expect(await loadHistory(db, SID)).toHaveLength(7);
  });

  it('a stored session with a live run (any tab) can only be copied, whatever the choice', async () => {
    const { db } = freshDB('imp-running');
    await importThroughJob(db, text(fixtureFile()));
    const file = screened(JSON.parse(text(fixtureFile())));
    if (!file.ok) throw new Error('fixture should pass');
    const analysis = await analyzeImport(db, file.file, async () => new Set([SID]));
    expect(analysis.sessionClashes).toMatchObject([{ id: SID, copyOnly: true, running: true }]);
    const plan = planImport(file.file, analysis, { sessions: { [SID]: 'replace' } });
    await writeImport(db, plan);
    expect(await db.sessions.count()).toBe(2);
    expect((await db.sessions.get(SID))?.title).toBe(fixtureFile().sessions[0]!.session.title);
    const idle = await analyzeImport(db, file.file, async () => new Set());
    expect(idle.sessionClashes).toMatchObject([{ id: SID, copyOnly: false, running: false }]);
  });

  it('offers tool clashes by name and applies keep / replace / rename', async () => {
    const { db } = freshDB('imp-3');
    await importThroughJob(db, text(fixtureFile()));
    const edited = fixtureFile();
    edited.tools[0]!.description = 'Edited elsewhere.';
    edited.tools[1]!.description = 'Also edited.';
    const file = screened(JSON.parse(text(edited)));
    if (!file.ok) throw new Error('fixture should pass');
    const analysis = await analyzeImport(db, file.file);
    expect(analysis.toolClashes.map((c) => c.name)).toEqual(['convert_temperature', 'get_weather']);
    expect(analysis.sessionClashes).toMatchObject([{ id: SID, copyOnly: false }]);
    // Each clash says what differs, which side is newer and the name a rename would give.
    expect(analysis.toolClashes[0]).toMatchObject({ differences: ['description'], renameTo: 'convert_temperature_2' });
    expect(analysis.toolClashes[0]!.importedUpdatedAt).toBe(edited.tools[0]!.updatedAt);

    const plan = planImport(file.file, analysis, { tools: { convert_temperature: 'rename', get_weather: 'replace' } });
    await writeImport(db, plan);
    const tools = await db.tools.orderBy('name').toArray();
    expect(tools.map((t) => [t.name, t.description])).toEqual([
      ['convert_temperature', 'Converts Celsius to Fahrenheit.'],
      ['convert_temperature_2', 'Edited elsewhere.'],
      ['get_weather', 'Also edited.'],
    ]);
    // Replace keeps the stored id (its secrets stay only on the same origin: import-secrets.test.ts).
    expect(tools.find((t) => t.name === 'get_weather')?.id).toBe('tool_weather');

    const other = { ...edited.tools[0]!, code: 'return 1;', timeoutMs: 1, needsApproval: true };
    expect(toolDifferences(unflattenTool(edited.tools[0]!), unflattenTool(other))).toEqual([
      'code',
      'timeout',
      'needs approval',
    ]);
    expect(
      toolDifferences(
        unflattenTool(edited.tools[0]!),
        unflattenTool({ ...edited.tools[0]!, id: 'x', createdAt: 1, updatedAt: 2 }),
      ),
    ).toEqual([]);

    const keep = planImport(file.file, analysis, {});
    expect(keep.tools).toEqual([]);
    expect(keep.skippedTools).toEqual(['convert_temperature', 'get_weather']);
  });

  it('copies a session whose message ids belong to another stored session, and never offers replace', async () => {
    const { db } = freshDB('imp-4');
    await importThroughJob(db, text(fixtureFile()));
    const other = fixtureFile();
    other.sessions[0]!.session.id = 'ses_other';
    for (const group of [
      other.sessions[0]!.messages,
      other.sessions[0]!.toolCalls,
      other.sessions[0]!.runs,
      other.sessions[0]!.events,
    ]) {
      for (const r of group) r.sessionId = 'ses_other';
    }
    const file = screened(JSON.parse(text(other)));
    if (!file.ok) throw new Error(file.failure.message);
    const analysis = await analyzeImport(db, file.file);
    expect(analysis.forcedCopies).toEqual(['ses_other']);
    const out = await importThroughJob(db, text(other));
    if (!out.ok) throw new Error(out.failure.message);
    expect(out.summary.sessionIdMap.ses_other).not.toBe('ses_other');
    expect(await db.messages.count()).toBe(18);
  });

  it('settles a session exported mid-run: unanswered calls become interrupted results', async () => {
    const { db } = freshDB('imp-5');
    const f = fixtureFile();
    const entry = f.sessions[0]!;
    entry.session.status = 'running_tools';
    // Cut the history right after the parallel tool calls were asked for.
    entry.messages = entry.messages.slice(0, 2);
    entry.toolCalls = entry.toolCalls
      .slice(0, 2)
      .map((c) => ({ ...c, status: 'running', result: null, finishedAt: null, durationMs: null }));
    entry.runs = [{ ...entry.runs[0]!, finishedAt: null, stopReason: null }];
    entry.events = entry.events.filter((e) => e.runId === entry.runs[0]!.id && e.seq < 10);
    const out = await importThroughJob(db, text(f));
    expect(out).toMatchObject({ ok: true });
    const history = await loadHistory(db, SID);
    expect(findHistoryProblems(history)).toEqual([]);
    expect(
      history.filter((m) => m.role === 'tool').map((m) => (m.role === 'tool' ? [m.outcome, m.content] : [])),
    ).toEqual([
      ['interrupted', INTERRUPTED_RESULT],
      ['interrupted', INTERRUPTED_RESULT],
    ]);
    expect((await db.sessions.get(SID))?.status).toBe('interrupted');
  });

  it('refuses a finished session whose tool calls have no results (architecture.md, invariant 1), writing nothing', async () => {
    const { db } = freshDB('imp-6');
    const f = fixtureFile();
    f.sessions[0]!.messages.splice(2, 1);
    const out = await importThroughJob(db, text(f));
    expect(out).toMatchObject({
      ok: false,
      failure: {
        stage: 'integrity',
        issues: [{ path: '$.sessions[0].messages[1]', expected: expect.stringMatching(/call_pAr1s.*no tool result/) }],
      },
    });
    expect(await db.sessions.count()).toBe(0);
  });

  it('refuses records that point at another session, a missing run or a missing message', async () => {
    const f = fixtureFile();
    f.sessions[0]!.messages[3]!.sessionId = 'ses_elsewhere';
    f.sessions[0]!.events[5]!.runId = 'run_missing';
    f.sessions[0]!.toolCalls[2]!.messageId = 'msg_missing';
    const out = checkExportData(JSON.parse(text(f)));
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.failure.stage).toBe('integrity');
    const paths = 'issues' in out.failure ? out.failure.issues.map((i) => i.path) : [];
    expect(paths).toEqual(
      expect.arrayContaining([
        '$.sessions[0].messages[3].sessionId',
        '$.sessions[0].events[5].runId',
        '$.sessions[0].toolCalls[2].messageId',
      ]),
    );
  });

  it('leaves the database unchanged when a write fails mid-import', async () => {
    const { db } = freshDB('imp-7');
    await importThroughJob(db, text(fixtureFile()));
    const before = await snapshot(db);

    const second = fixtureFile();
    second.sessions[0]!.session.title = 'Would replace';
    const checked = screened(JSON.parse(text(second)));
    if (!checked.ok) throw new Error('valid');
    const analysis = await analyzeImport(db, checked.file);
    const plan = planImport(checked.file, analysis, { sessions: { [SID]: 'replace' } });
    // A stray row under the file's last event key, owned by no session the import deletes: the events bulkAdd hits it.
    const stray = { ...checked.file.sessions[0]!.events[40]!, sessionId: 'ses_ghost' };
    await db.events.put(stray);
    const withStray = await snapshot(db);
    let progressCalls = 0;
    await expect(writeImport(db, plan, () => progressCalls++)).rejects.toThrow();
    expect(progressCalls).toBeGreaterThan(2);
    // The replace had already deleted the stored session inside the transaction; that is undone too.
    expect(await snapshot(db)).toEqual(withStray);
    expect(withStray.sessions).toEqual(before.sessions);
  });

  it('leaves the database unchanged when the import is aborted between chunks', async () => {
    const { db } = freshDB('imp-8');
    const before = await snapshot(db);
    const checked = screened(fixtureFile());
    if (!checked.ok) throw new Error('valid');
    const plan = planImport(checked.file, await analyzeImport(db, checked.file));
    let calls = 0;
    const failing = () => {
      if (++calls === 4) throw new Error('simulated crash mid-import');
    };
    await expect(writeImport(db, plan, failing)).rejects.toThrow('simulated crash');
    expect(await snapshot(db)).toEqual(before);
  });
});
