import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from './database';
import type { HttpToolDefinition, ToolDefinition } from '../domain/tool-definition';
import { deleteTool, getToolByName, getToolHeaderSecrets, listTools, saveTool, toolSecretSource } from './tools-repo';
import { freshDB } from './testing/fresh-db';

let db: ToolscopeDB;
afterEach(() => db?.close());

const httpTool = (id: string, name: string, auth: string): HttpToolDefinition => ({
  id,
  name,
  description: 'd',
  parameters: { type: 'object' },
  kind: 'http',
  http: {
    method: 'GET',
    urlTemplate: 'https://api.example/{q}',
    bodyTemplate: null,
    responseType: 'json',
    headers: [
      { name: 'Authorization', value: auth, secret: true },
      { name: 'Accept', value: 'application/json', secret: false },
    ],
  },
  timeoutMs: null,
  needsApproval: false,
  enabled: true,
  createdAt: 1,
  updatedAt: 1,
});

function asHttp(tool: ToolDefinition | undefined): HttpToolDefinition {
  if (tool?.kind !== 'http') throw new Error(`expected a stored HTTP tool, got ${JSON.stringify(tool)}`);
  return tool;
}

describe('tools repository', () => {
  it('stores secret header values in the secrets table, never in the tool row', async () => {
    ({ db } = freshDB());
    const res = await saveTool(db, httpTool('t1', 'search', 'Bearer sk-secret-123'));
    expect(res.ok).toBe(true);
    const row = asHttp(await getToolByName(db, 'search'));
    expect(JSON.stringify(row)).not.toContain('sk-secret-123');
    expect(row.http.headers).toEqual([
      { name: 'Authorization', value: '', secret: true },
      { name: 'Accept', value: 'application/json', secret: false },
    ]);
    expect(await getToolHeaderSecrets(db, row)).toEqual({ Authorization: 'Bearer sk-secret-123' });

    // Saving again without a new value keeps the stored secret; a new value replaces it.
    await saveTool(db, row);
    expect(await getToolHeaderSecrets(db, row)).toEqual({ Authorization: 'Bearer sk-secret-123' });
    await saveTool(db, row, { Authorization: 'Bearer new' });
    expect(await getToolHeaderSecrets(db, row)).toEqual({ Authorization: 'Bearer new' });

    await deleteTool(db, 't1');
    expect(await listTools(db)).toEqual([]);
    expect(await db.secrets.count()).toBe(0);
  });

  it('refuses a second tool with the same name and drops secrets of headers no longer secret', async () => {
    ({ db } = freshDB());
    await saveTool(db, httpTool('t1', 'search', 'k1'));
    expect(await saveTool(db, httpTool('t2', 'search', 'k2'))).toEqual({
      ok: false,
      reason: 'name_taken',
      name: 'search',
    });
    expect(await db.secrets.count()).toBe(1);
    const plain = httpTool('t1', 'search', '');
    plain.http.headers = [{ name: 'Accept', value: 'text/plain', secret: false }];
    await saveTool(db, plain);
    expect(await db.secrets.count()).toBe(0);
  });

  it('keeps a secret with its row when the editor renames the header, and a new row never inherits one', async () => {
    ({ db } = freshDB());
    await saveTool(db, httpTool('t1', 'search', 'Bearer kept'));
    const row = asHttp(await getToolByName(db, 'search'));
    const renamed: ToolDefinition = {
      ...row,
      http: {
        ...row.http,
        headers: [
          { name: 'X-Auth', value: '', secret: true },
          { name: 'Authorization', value: '', secret: true },
        ],
      },
    };
    // Row 0 was "Authorization" when loaded; row 1 is new and happens to take the old name.
    await saveTool(db, renamed, {}, ['Authorization', null]);
    expect(await getToolHeaderSecrets(db, renamed)).toEqual({ 'X-Auth': 'Bearer kept' });
    expect(await db.secrets.count()).toBe(1);
  });

  it('stores a value carried by the header row under the name the row has when saved', async () => {
    ({ db } = freshDB());
    const tool = httpTool('t1', 'search', '');
    tool.http.headers = [{ name: 'X-Key-Renamed', value: 'typed-before-rename', secret: true }];
    await saveTool(db, tool, {}, [null]);
    const row = (await getToolByName(db, 'search'))!;
    expect(JSON.stringify(row)).not.toContain('typed-before-rename');
    expect(await getToolHeaderSecrets(db, row)).toEqual({ 'X-Key-Renamed': 'typed-before-rename' });
  });

  it("keeps the flat row layout in the table and gives each kind back without the others' parts", async () => {
    ({ db } = freshDB());
    await saveTool(db, httpTool('t1', 'search', 'k1'));
    const { http: _http, ...common } = httpTool('t2', 'run_it', '');
    await saveTool(db, { ...common, kind: 'code', code: 'return 1;', allowedOrigins: ['https://a.example'] });
    expect(await db.tools.get('t1')).toMatchObject({ kind: 'http', code: null, builtinId: null, allowedOrigins: [] });
    expect(await db.tools.get('t2')).toMatchObject({
      kind: 'code',
      code: 'return 1;',
      http: null,
      builtinId: null,
      allowedOrigins: ['https://a.example'],
    });
    const [code, http] = await listTools(db);
    expect(code).not.toHaveProperty('http');
    expect(code).toMatchObject({ kind: 'code', code: 'return 1;', allowedOrigins: ['https://a.example'] });
    expect(http).not.toHaveProperty('code');
    expect(http).not.toHaveProperty('allowedOrigins');
  });

  it('is the secret source the store gives tools: the stored value of a header by tool id and header name, any case', async () => {
    ({ db } = freshDB());
    await saveTool(db, httpTool('t1', 'search', 'Bearer via-source'));
    const source = toolSecretSource(db);
    expect(await source.headerSecret('t1', 'Authorization')).toBe('Bearer via-source');
    expect(await source.headerSecret('t1', 'authorization')).toBe('Bearer via-source');
    expect(await source.headerSecret('t1', 'Accept')).toBeUndefined();
    expect(await source.headerSecret('t2', 'Authorization')).toBeUndefined();
  });
});
