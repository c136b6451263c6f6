import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { zeroUsage } from '../domain/messages';
import type { McpTaskRecord } from '../domain/mcp-task';
import { openToolscopeDB, type ToolscopeDB } from './database';
import { deleteSessionMcpTasks, getMcpTask, listSessionMcpTasks, putMcpTask, updateMcpTask } from './mcp-tasks-repo';
import { declareV1 } from './schema/schema-v1';
import { SCHEMA_V2_CHANGES, upgradeToV2 } from './schema/schema-v2';
import { SCHEMA_V3_CHANGES } from './schema/schema-v3';
import { SCHEMA_V4_CHANGES } from './schema/schema-v4';

let db: ToolscopeDB;
afterEach(() => db?.close());

const task = (callId: string, sessionId: string, createdAt: number): McpTaskRecord => ({
  callId,
  sessionId,
  serverId: 'srv',
  serverName: 'Jobs',
  toolName: 'long_job',
  taskId: `task-${callId}`,
  status: 'working',
  pollIntervalMs: 250,
  createdAt,
  updatedAt: createdAt,
});

describe('schema version 5: MCP task handles', () => {
  it('upgrades a version-4 database holding data, keeping it, and stores task handles by call', async () => {
    const factory = new IDBFactory();
    const v4 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareV1(v4);
    v4.version(2).stores(SCHEMA_V2_CHANGES).upgrade(upgradeToV2);
    v4.version(3).stores(SCHEMA_V3_CHANGES);
    v4.version(4).stores(SCHEMA_V4_CHANGES);
    await v4.table('sessions').add({
      id: 's1',
      title: 'Kept',
      model: 'm',
      status: 'finished',
      createdAt: 1,
      updatedAt: 2,
      messageCount: 1,
      toolCallCount: 0,
      usage: zeroUsage(),
      settings: {},
    });
    await v4
      .table('messages')
      .add({ id: 'm1', sessionId: 's1', order: 0, role: 'user', content: 'hello', createdAt: 1 });
    await v4.table('mcpServers').add({
      id: 'srv',
      url: 'http://127.0.0.1:9/mcp',
      name: 'Jobs',
      enabled: true,
      approval: 'auto',
      headerNames: [],
      toolChoices: {},
      createdAt: 1,
      updatedAt: 1,
    });
    v4.close();

    db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(5);
    expect(await db.sessions.get('s1')).toMatchObject({ title: 'Kept' });
    expect(await db.messages.get('m1')).toMatchObject({ content: 'hello' });
    expect(await db.mcpServers.get('srv')).toMatchObject({ name: 'Jobs' });

    await putMcpTask(db, task('c2', 's1', 20));
    await putMcpTask(db, task('c1', 's1', 10));
    await putMcpTask(db, task('c3', 's2', 5));
    expect((await listSessionMcpTasks(db, 's1')).map((t) => t.callId)).toEqual(['c1', 'c2']);
  });

  it("updates a task as it goes and forgets a session's tasks with it", async () => {
    db = openToolscopeDB('t', { indexedDB: new IDBFactory(), IDBKeyRange });
    await putMcpTask(db, task('c1', 's1', 1));
    await updateMcpTask(db, 'c1', { status: 'completed', endText: 'Long job done.' }, 9);
    expect(await getMcpTask(db, 'c1')).toMatchObject({
      status: 'completed',
      endText: 'Long job done.',
      updatedAt: 9,
      taskId: 'task-c1',
    });
    await updateMcpTask(db, 'gone', { status: 'failed' });
    expect(await getMcpTask(db, 'gone')).toBeUndefined();
    await deleteSessionMcpTasks(db, 's1');
    expect(await listSessionMcpTasks(db, 's1')).toEqual([]);
  });
});
