import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import { putMcpTask } from '../../db/mcp-tasks-repo';
import type { McpTaskRecord } from '../../domain/mcp-task';
import { buildExport, serializeExport } from './export-sessions';
import { importThroughJob } from '../testing/import-through-job';
import { fixtureFile } from '../testing/export-fixture';
import { validateExportFile } from './validate-file';

describe('MCP tasks in export files', () => {
  it("carries a session's task lanes as an optional field the schema accepts, and a file with them imports", async () => {
    const { db } = freshDB('mcp-task-io-1');
    await importThroughJob(db, JSON.stringify(fixtureFile()));
    const sessionId = (await db.sessions.toArray())[0]!.id;
    const task: McpTaskRecord = {
      callId: 'call_1',
      sessionId,
      serverId: 'srv',
      serverName: 'jobs',
      toolName: 'long_job',
      taskId: 'task-7',
      status: 'completed',
      statusMessage: 'Done.',
      pollIntervalMs: 250,
      createdAt: 1,
      updatedAt: 2,
      endText: 'Long job done.',
    };
    await putMcpTask(db, task);
    await putMcpTask(db, { ...task, callId: 'call_other', sessionId: 'another-session' });

    const { file } = await buildExport(db, { kind: 'session', sessionId });
    expect(file.sessions[0]?.mcpTasks).toEqual([task]);
    expect(validateExportFile(JSON.parse(serializeExport(file))).ok).toBe(true);

    const bad = JSON.parse(serializeExport(file)) as { sessions: Array<{ mcpTasks: Array<Record<string, unknown>> }> };
    bad.sessions[0]!.mcpTasks[0]!.status = 'exploded';
    expect(validateExportFile(bad).ok).toBe(false);

    const { db: fresh } = freshDB('mcp-task-io-2');
    const outcome = await importThroughJob(fresh, serializeExport(file));
    expect(outcome.ok).toBe(true);
  });
});
