import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import { addMcpServer, mcpHeadersWithValues, mcpServerHeaders } from '../../db/mcp-servers-repo';
import type { McpServerRecord } from '../../domain/mcp-server';
import { buildExport, serializeExport } from '../session-file/export-sessions';
import { importThroughJob } from '../testing/import-through-job';
import { fixtureFile } from '../testing/export-fixture';
import { planMcpServers } from './import-mcp-servers';

const TOKEN = 'Bearer mcp-token-7d1e55aa';

function server(id: string, url: string, over: Partial<McpServerRecord> = {}): McpServerRecord {
  return {
    id,
    url,
    name: `srv ${id}`,
    enabled: true,
    approval: 'auto',
    headerNames: [],
    toolChoices: {},
    createdAt: 1,
    updatedAt: 1,
    ...over,
  };
}

describe('MCP servers in export files', () => {
  it('exports addresses, names and header names, never a header value; import adds them switched off, needing their headers', async () => {
    const { db } = freshDB('mcp-io-1');
    await importThroughJob(db, JSON.stringify(fixtureFile()));
    await addMcpServer(db, server('s1', 'https://mcp.example/mcp', { toolChoices: { echo: { enabled: false } } }), {
      Authorization: TOKEN,
    });
    await addMcpServer(db, server('s2', 'https://other.example/mcp'), {});

    const all = serializeExport((await buildExport(db, { kind: 'all' })).file);
    expect(all).not.toContain('mcp-token-7d1e55aa');
    const file = JSON.parse(all) as { mcpServers: unknown[] };
    expect(file.mcpServers).toEqual([
      {
        id: 's1',
        url: 'https://mcp.example/mcp',
        name: 'srv s1',
        approval: 'auto',
        headerNames: ['Authorization'],
        toolChoices: { echo: { enabled: false } },
      },
      {
        id: 's2',
        url: 'https://other.example/mcp',
        name: 'srv s2',
        approval: 'auto',
        headerNames: [],
        toolChoices: {},
      },
    ]);
    // One session that called no MCP tool carries no server.
    const sid = (await db.sessions.toArray())[0]!.id;
    expect(serializeExport((await buildExport(db, { kind: 'session', sessionId: sid })).file)).not.toContain(
      'mcpServers',
    );

    const { db: fresh } = freshDB('mcp-io-2');
    const outcome = await importThroughJob(fresh, all);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.failure));
    expect(outcome.summary.mcpServers).toEqual([
      { name: 'srv s1', url: 'https://mcp.example/mcp', needsHeaders: ['Authorization'] },
      { name: 'srv s2', url: 'https://other.example/mcp', needsHeaders: [] },
    ]);
    const stored = await fresh.mcpServers.get('s1');
    expect(stored).toMatchObject({
      enabled: false,
      headerNames: ['Authorization'],
      toolChoices: { echo: { enabled: false } },
    });
    expect(await mcpHeadersWithValues(fresh, stored!)).toEqual([]);
    expect(await mcpServerHeaders(fresh, stored!)).toEqual({});

    // Importing the same file again adds no second copy of a server.
    const again = await importThroughJob(fresh, all);
    if (!again.ok) throw new Error('second import');
    expect(again.summary.mcpServers).toEqual([]);
    expect(again.summary.skippedMcpServers.map((s) => s.reason)).toEqual([
      'a server with this address is already stored',
      'a server with this address is already stored',
    ]);
    expect(await fresh.mcpServers.count()).toBe(2);
  });

  it('refuses a file whose server entry carries a header value', async () => {
    const { db } = freshDB('mcp-io-3');
    const file = {
      ...fixtureFile(),
      mcpServers: [
        {
          id: 'x',
          url: 'https://a.example/mcp',
          name: 'a',
          approval: 'auto',
          headerNames: [],
          toolChoices: {},
          headers: { Authorization: TOKEN },
        },
      ],
    };
    const outcome = await importThroughJob(db, JSON.stringify(file));
    expect(outcome.ok).toBe(false);
    expect(await db.mcpServers.count()).toBe(0);
  });

  it('plans: a non-HTTP address is left out with why, a taken id is replaced', () => {
    const plan = planMcpServers(
      [
        { id: 'a', url: 'javascript:alert(1)', name: 'bad', approval: 'auto', headerNames: [], toolChoices: {} },
        {
          id: 'taken',
          url: 'HTTPS://New.example:443/mcp',
          name: '',
          approval: 'ask',
          headerNames: [' X-Key ', 'X-Key'],
          toolChoices: {},
        },
      ],
      { storedUrls: ['https://old.example/mcp'], storedIds: ['taken'] },
      () => 'fresh',
      5,
    );
    expect(plan.skipped).toEqual([{ url: 'javascript:alert(1)', reason: 'not an http:// or https:// address' }]);
    expect(plan.records).toMatchObject([
      { id: 'fresh', enabled: false, approval: 'ask', headerNames: ['X-Key'], createdAt: 5 },
    ]);
  });
});
