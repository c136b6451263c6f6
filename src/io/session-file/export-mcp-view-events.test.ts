import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import { listSessionMcpViewEvents, putMcpViewEvents } from '../../db/mcp-view-events-repo';
import { deleteSession } from '../../db/sessions-repo';
import type { McpViewEventRecord } from '../../domain/mcp-view-event';
import { buildExport, serializeExport } from './export-sessions';
import { importThroughJob } from '../testing/import-through-job';
import { fixtureFile } from '../testing/export-fixture';
import { validateExportFile } from './validate-file';

const viewEvent = (sessionId: string, seq: number, method: string, callId = 'call_board'): McpViewEventRecord => ({
  sessionId,
  callId,
  seq,
  serverName: 'apps',
  toolName: 'show_board',
  at: 1_000 + seq,
  method,
  outcome: 'ok',
  params: JSON.stringify({ text: `event ${seq}` }),
  ...(method === 'tools/call' ? { result: '{"content":[]}' } : {}),
});

describe('MCP App View events with the session', () => {
  it('are exported (optional field the schema checks), imported, copied under new ids on a clash, and deleted with the session', async () => {
    const { db } = freshDB('view-events-io-1');
    await importThroughJob(db, JSON.stringify(fixtureFile()));
    const sessionId = (await db.sessions.toArray())[0]!.id;
    const callId = (await db.toolCalls.where('sessionId').equals(sessionId).first())!.id;
    const mine = [
      viewEvent(sessionId, 2, 'tools/call', callId),
      viewEvent(sessionId, 1, 'ui/update-model-context', callId),
    ];
    await putMcpViewEvents(db, [...mine, viewEvent('another-session', 3, 'ui/message')]);

    const { file } = await buildExport(db, { kind: 'session', sessionId });
    // Oldest first, only this session's.
    expect(file.sessions[0]?.mcpViewEvents).toEqual([mine[1], mine[0]]);
    const text = serializeExport(file);
    expect(validateExportFile(JSON.parse(text)).ok).toBe(true);
    const bad = JSON.parse(text) as { sessions: Array<{ mcpViewEvents: Array<Record<string, unknown>> }> };
    bad.sessions[0]!.mcpViewEvents[0]!.outcome = 'exploded';
    expect(validateExportFile(bad).ok).toBe(false);
    // A file without them (every file written before) still exports and imports the same way.
    const withoutEvents = freshDB('view-events-io-0').db;
    expect((await importThroughJob(withoutEvents, JSON.stringify(fixtureFile()))).ok).toBe(true);
    expect(await withoutEvents.mcpViewEvents.count()).toBe(0);

    const { db: fresh } = freshDB('view-events-io-2');
    expect((await importThroughJob(fresh, text)).ok).toBe(true);
    expect(await listSessionMcpViewEvents(fresh, sessionId)).toEqual([mine[1], mine[0]]);

    // Imported again into the same database: a copy under fresh ids, its View events following the new ids.
    const again = await importThroughJob(fresh, text);
    expect(again.ok).toBe(true);
    const copyId = (await fresh.sessions.toArray()).map((s) => s.id).find((id) => id !== sessionId)!;
    const copied = await listSessionMcpViewEvents(fresh, copyId);
    expect(copied.map((e) => e.method)).toEqual(['ui/update-model-context', 'tools/call']);
    const copiedCalls = (await fresh.toolCalls.where('sessionId').equals(copyId).toArray()).map((c) => c.id);
    expect(copied[0]!.callId).not.toBe(callId);
    expect(copiedCalls).toContain(copied[0]!.callId);
    expect(await listSessionMcpViewEvents(fresh, sessionId)).toHaveLength(2);

    // Deleted with the session, back with its undo.
    const deleted = await deleteSession(fresh, sessionId);
    expect(await listSessionMcpViewEvents(fresh, sessionId)).toEqual([]);
    expect(await listSessionMcpViewEvents(fresh, copyId)).toHaveLength(2);
    if (!deleted.ok) throw new Error('not deleted');
    expect(await deleted.undo.undo()).toBe(true);
    expect(await listSessionMcpViewEvents(fresh, sessionId)).toEqual([mine[1], mine[0]]);
  });

  it('refuses a file whose View event names another session or repeats a key, before anything is written', async () => {
    const { db } = freshDB('view-events-io-3');
    await importThroughJob(db, JSON.stringify(fixtureFile()));
    const sessionId = (await db.sessions.toArray())[0]!.id;
    await putMcpViewEvents(db, [viewEvent(sessionId, 1, 'ui/message')]);
    const { file } = await buildExport(db, { kind: 'session', sessionId });

    const foreign = structuredClone(file);
    foreign.sessions[0]!.mcpViewEvents![0]!.sessionId = 'someone-else';
    const { db: target } = freshDB('view-events-io-4');
    const refused = await importThroughJob(target, JSON.stringify(foreign));
    expect(refused.ok).toBe(false);
    expect(JSON.stringify(refused)).toContain('mcpViewEvents[0].sessionId');

    const repeated = structuredClone(file);
    repeated.sessions[0]!.mcpViewEvents!.push({ ...repeated.sessions[0]!.mcpViewEvents![0]! });
    const twice = await importThroughJob(target, JSON.stringify(repeated));
    expect(twice.ok).toBe(false);
    expect(JSON.stringify(twice)).toContain('a sequence number used once per view');
    expect(await target.sessions.count()).toBe(0);
    expect(await target.mcpViewEvents.count()).toBe(0);
  });
});
