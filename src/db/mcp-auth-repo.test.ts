import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from './database';
import { createMcpAuthStore, MCP_AUTH_KEY_PREFIX } from './mcp-auth-repo';
import { freshDB } from './testing/fresh-db';

let db: ToolscopeDB;
afterEach(() => db?.close());

describe('MCP sign-in storage', () => {
  it('keeps JSON values in the secrets table under its own prefix, and forgets them', async () => {
    ({ db } = freshDB());
    const store = createMcpAuthStore(db);
    await store.set('mcp-auth:tokens:https://x/mcp:https://as', { access_token: 'a', expires_in: 60 });
    expect(await store.get('mcp-auth:tokens:https://x/mcp:https://as')).toEqual({ access_token: 'a', expires_in: 60 });
    const rows = await db.secrets.toArray();
    expect(rows.map((r) => r.key)).toEqual(['mcp-auth:tokens:https://x/mcp:https://as']);
    // A key without the prefix still lands under it, so nothing sign-in writes can overwrite another secret.
    await store.set('apiKey', 'x');
    expect(await db.secrets.get('apiKey')).toBeUndefined();
    expect(await db.secrets.get(`${MCP_AUTH_KEY_PREFIX}apiKey`)).toBeDefined();
    await store.delete('mcp-auth:tokens:https://x/mcp:https://as');
    expect(await store.get('mcp-auth:tokens:https://x/mcp:https://as')).toBeUndefined();
  });

  it('reads a damaged value as absent rather than failing the sign-in', async () => {
    ({ db } = freshDB());
    await db.secrets.put({ key: 'mcp-auth:flow:x', value: '{not json' });
    expect(await createMcpAuthStore(db).get('mcp-auth:flow:x')).toBeUndefined();
  });
});
