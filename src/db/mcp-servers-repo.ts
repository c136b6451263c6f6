import type { ToolscopeDB } from './database';
import { mcpHeaderSecretKey, type McpServerRecord } from '../domain/mcp-server';

/** Every MCP server, oldest first. */
export async function listMcpServers(db: ToolscopeDB): Promise<McpServerRecord[]> {
  return db.mcpServers.orderBy('createdAt').toArray();
}

export async function getMcpServer(db: ToolscopeDB, id: string): Promise<McpServerRecord | undefined> {
  return db.mcpServers.get(id);
}

/** Stores a new server; header values go to the secrets table, only their names to the server's row. */
export async function addMcpServer(
  db: ToolscopeDB,
  server: McpServerRecord,
  headers: Record<string, string>,
): Promise<void> {
  const names = Object.keys(headers).filter((n) => n.trim() !== '');
  await db.transaction('rw', db.mcpServers, db.secrets, async () => {
    await db.mcpServers.add({ ...server, headerNames: names });
    await db.secrets.bulkPut(names.map((n) => ({ key: mcpHeaderSecretKey(server.id, n), value: headers[n] ?? '' })));
  });
}

type Editable = Partial<Pick<McpServerRecord, 'name' | 'enabled' | 'approval' | 'toolChoices' | 'cache'>>;

export async function updateMcpServer(db: ToolscopeDB, id: string, changes: Editable, now = Date.now()): Promise<void> {
  await db.mcpServers.update(id, { ...changes, updatedAt: now });
}

/** The server and its secret header values, in one transaction. */
export async function deleteMcpServer(db: ToolscopeDB, id: string): Promise<void> {
  await db.transaction('rw', db.mcpServers, db.secrets, async () => {
    await db.mcpServers.delete(id);
    await db.secrets.where('key').startsWith(mcpHeaderSecretKey(id, '')).delete();
  });
}

/** The header values to send to this server (and only to it: the MCP layer binds them to its origin). */
export async function mcpServerHeaders(
  db: ToolscopeDB,
  server: Pick<McpServerRecord, 'id' | 'headerNames'>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of server.headerNames) {
    const value = (await db.secrets.get(mcpHeaderSecretKey(server.id, name)))?.value;
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Which of the server's header names have a stored value (names only: values are never read here). */
export async function mcpHeadersWithValues(
  db: ToolscopeDB,
  server: Pick<McpServerRecord, 'id' | 'headerNames'>,
): Promise<string[]> {
  const keys = new Set(await db.secrets.where('key').startsWith(mcpHeaderSecretKey(server.id, '')).primaryKeys());
  return server.headerNames.filter((n) => keys.has(mcpHeaderSecretKey(server.id, n)));
}

export type McpServerEdit = {
  name: string;
  /** New values by header name (a new header, or a new value for a stored one). */
  setHeaders: Record<string, string>;
  /** Headers to stop sending; their stored values are deleted. */
  removeHeaders: string[];
};

/**
 * Renames a server and changes its secret headers in one transaction. A header left out of both lists keeps its
 * stored value: the edit form never reads values back, so "unchanged" means "not typed again".
 */
export async function editMcpServer(db: ToolscopeDB, id: string, edit: McpServerEdit, now = Date.now()): Promise<void> {
  await db.transaction('rw', db.mcpServers, db.secrets, async () => {
    const server = await db.mcpServers.get(id);
    if (server === undefined) throw new Error('This MCP server was removed.');
    const removed = new Set(edit.removeHeaders.map((n) => n.toLowerCase()));
    const names = server.headerNames.filter((n) => !removed.has(n.toLowerCase()));
    const known = new Set(names.map((n) => n.toLowerCase()));
    for (const n of Object.keys(edit.setHeaders)) {
      if (n.trim() !== '' && !known.has(n.toLowerCase())) {
        names.push(n);
        known.add(n.toLowerCase());
      }
    }
    await db.secrets.bulkDelete(edit.removeHeaders.map((n) => mcpHeaderSecretKey(id, n)));
    await db.secrets.bulkPut(
      Object.entries(edit.setHeaders)
        .filter(([n]) => n.trim() !== '')
        .map(([n, value]) => ({ key: mcpHeaderSecretKey(id, n), value })),
    );
    await db.mcpServers.update(id, { name: edit.name.trim(), headerNames: names, updatedAt: now });
  });
}
