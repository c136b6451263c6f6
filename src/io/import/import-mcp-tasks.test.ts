import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import { listSessionMcpTasks } from '../../db/mcp-tasks-repo';
import type { McpTaskRecord } from '../../domain/mcp-task';
import type { ExportFileV1 } from '../session-file/format-v1';
import { importThroughJob } from '../testing/import-through-job';
import { IMPORTED_OPEN_TASK_TEXT } from './import-mcp-tasks';
import { fixtureFile } from '../testing/export-fixture';

const SID = 'ses_01JDW3K8Q2Z7PARISTOKYO';

const task = (callId: string, status: McpTaskRecord['status'], endText?: string): McpTaskRecord => ({
  callId,
  sessionId: 'whatever-the-file-says',
  serverId: 'srv',
  serverName: 'jobs',
  toolName: 'get_weather',
  taskId: `task-${callId}`,
  status,
  pollIntervalMs: 250,
  createdAt: 1,
  updatedAt: 2,
  ...(endText !== undefined ? { endText } : {}),
});

function fileWithTasks(): ExportFileV1 {
  const file = fixtureFile();
  file.sessions[0]!.mcpTasks = [
    task('call_pAr1s', 'completed', 'Sunny, 21 °C.'),
    task('call_c0nv', 'working'),
    task('call_nowhere', 'completed', 'x'),
  ];
  return file;
}

describe('import of MCP task lanes', () => {
  it('stores the lanes under the session, settles unfinished ones as left, and drops lanes naming no call of the session', async () => {
    const { db } = freshDB('imp-tasks-1');
    const out = await importThroughJob(db, JSON.stringify(fileWithTasks()));
    expect(out.ok).toBe(true);
    const stored = await listSessionMcpTasks(db, SID);
    expect(stored.map((t) => [t.callId, t.status, t.endText]).sort()).toEqual([
      ['call_c0nv', 'lost', IMPORTED_OPEN_TASK_TEXT],
      ['call_pAr1s', 'completed', 'Sunny, 21 °C.'],
    ]);
    expect(stored.every((t) => t.sessionId === SID)).toBe(true);
    expect(await db.mcpTasks.count()).toBe(2);
  });

  it('a copy gets the lanes under its new call ids; replacing a session replaces its lanes', async () => {
    const { db } = freshDB('imp-tasks-2');
    await importThroughJob(db, JSON.stringify(fileWithTasks()));
    const copy = await importThroughJob(db, JSON.stringify(fileWithTasks()));
    if (!copy.ok) throw new Error(copy.failure.message);
    const newId = copy.summary.sessionIdMap[SID]!;
    const copied = await listSessionMcpTasks(db, newId);
    const copiedCalls = await db.toolCalls.where('sessionId').equals(newId).toArray();
    expect(copied).toHaveLength(2);
    // Each lane follows its call to the call's new id.
    const weatherCall = copiedCalls.find(
      (c) => c.messageId !== undefined && c.result !== null && c.name === 'get_weather' && c.status === 'ok',
    );
    expect(copied.map((t) => t.callId)).toContain(weatherCall?.id);
    expect(copied.every((t) => copiedCalls.some((c) => c.id === t.callId) && !t.callId.startsWith('call_pAr1s'))).toBe(
      true,
    );
    expect((await listSessionMcpTasks(db, SID)).map((t) => t.callId).sort()).toEqual(['call_c0nv', 'call_pAr1s']);

    const changed = fixtureFile();
    changed.sessions[0]!.mcpTasks = [task('call_t0kY0', 'failed', 'Error: the task failed: boom')];
    const replaced = await importThroughJob(db, JSON.stringify(changed), { sessions: { [SID]: 'replace' } });
    expect(replaced.ok).toBe(true);
    expect((await listSessionMcpTasks(db, SID)).map((t) => [t.callId, t.status])).toEqual([['call_t0kY0', 'failed']]);
    expect(await listSessionMcpTasks(db, newId)).toHaveLength(2);
  });
});
