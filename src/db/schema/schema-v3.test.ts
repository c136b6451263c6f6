import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { zeroUsage } from '../../domain/messages';
import type { McpServerRecord } from '../../domain/mcp-server';
import { openToolscopeDB } from '../database';
import { addMcpServer, deleteMcpServer, listMcpServers, mcpServerHeaders, updateMcpServer } from '../mcp-servers-repo';
import { declareV1 } from './schema-v1';
import { SCHEMA_V2_CHANGES, upgradeToV2 } from './schema-v2';

const server = (id: string, createdAt: number): McpServerRecord => ({
  id,
  url: `http://127.0.0.1:9/${id}`,
  name: id,
  enabled: true,
  approval: 'auto',
  headerNames: [],
  toolChoices: {},
  createdAt,
  updatedAt: createdAt,
});

describe('schema version 3', () => {
  it('upgrades a version 2 database holding data, keeping it, and adds the MCP servers table', async () => {
    const factory = new IDBFactory();
    const v2 = new Dexie('toolscope', { indexedDB: factory, IDBKeyRange });
    declareV1(v2);
    v2.version(2).stores(SCHEMA_V2_CHANGES).upgrade(upgradeToV2);
    await v2.table('sessions').add({
      id: 's1',
      title: 'Kept',
      model: 'm',
      status: 'finished',
      createdAt: 1,
      updatedAt: 2,
      messageCount: 1,
      usage: zeroUsage(),
      settings: {},
      toolCallCount: 0,
    });
    await v2
      .table('messages')
      .add({ id: 'm1', sessionId: 's1', order: 0, role: 'user', content: 'hello', createdAt: 1 });
    await v2.table('secrets').add({ key: 'apiKey', value: 'sk-kept' });
    await v2.table('memories').add({
      id: 'mem',
      text: 'x',
      createdAt: 1,
      updatedAt: 1,
      sourceSessionId: null,
      embedding: null,
      embeddingModel: null,
    });
    v2.close();

    const db = openToolscopeDB('toolscope', { indexedDB: factory, IDBKeyRange });
    await db.open();
    expect(db.verno).toBeGreaterThanOrEqual(3);
    expect(await db.sessions.get('s1')).toMatchObject({ title: 'Kept', toolCallCount: 0 });
    expect(await db.messages.get('m1')).toMatchObject({ content: 'hello' });
    expect(await db.secrets.get('apiKey')).toEqual({ key: 'apiKey', value: 'sk-kept' });
    expect(await db.memories.count()).toBe(1);

    await addMcpServer(db, server('b', 2), {});
    await addMcpServer(db, server('a', 1), { Authorization: 'Bearer t0k' });
    expect((await listMcpServers(db)).map((s) => s.id)).toEqual(['a', 'b']);
    db.close();
  });

  it('keeps header values out of the server row and removes them with the server', async () => {
    const db = openToolscopeDB('t', { indexedDB: new IDBFactory(), IDBKeyRange });
    await addMcpServer(db, server('a', 1), { 'X-Api-Key': 'secret-1' });
    const row = await db.mcpServers.get('a');
    expect(JSON.stringify(row)).not.toContain('secret-1');
    expect(row?.headerNames).toEqual(['X-Api-Key']);
    expect(await mcpServerHeaders(db, row ?? server('a', 1))).toEqual({ 'X-Api-Key': 'secret-1' });
    await updateMcpServer(db, 'a', { enabled: false }, 9);
    expect(await db.mcpServers.get('a')).toMatchObject({ enabled: false, updatedAt: 9 });
    await deleteMcpServer(db, 'a');
    expect(await db.mcpServers.count()).toBe(0);
    expect(await db.secrets.count()).toBe(0);
    db.close();
  });
});
