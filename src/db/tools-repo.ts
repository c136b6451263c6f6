import type { ToolscopeDB } from './database';
import type { HttpHeader, ToolDefinition } from './records';

/** Secrets-table key for a tool's secret header; the tool row keeps only an empty value. */
export function headerSecretKey(toolId: string, headerName: string): string {
  return `tool-header:${toolId}:${headerName.toLowerCase()}`;
}

export function listTools(db: ToolscopeDB): Promise<ToolDefinition[]> {
  return db.tools.orderBy('name').toArray();
}

export function getTool(db: ToolscopeDB, id: string): Promise<ToolDefinition | undefined> {
  return db.tools.get(id);
}

export function getToolByName(db: ToolscopeDB, name: string): Promise<ToolDefinition | undefined> {
  return db.tools.where('name').equals(name).first();
}

export type SaveToolResult = { ok: true; tool: ToolDefinition } | { ok: false; reason: 'name_taken'; name: string };

/**
 * Saves a definition. A secret header's value is moved to the secrets table (from `secretValues[headerName]` or,
 * defensively, from the header itself) so the tool row — which exports read — never holds it.
 * A secret header saved with no new value keeps its stored one.
 */
export async function saveTool(
  db: ToolscopeDB,
  tool: ToolDefinition,
  secretValues: Record<string, string> = {},
): Promise<SaveToolResult> {
  const secrets: { key: string; value: string }[] = [];
  let row = tool;
  if (tool.http) {
    const headers: HttpHeader[] = tool.http.headers.map((h) => {
      if (!h.secret) return h;
      const value = secretValues[h.name] ?? h.value;
      if (value) secrets.push({ key: headerSecretKey(tool.id, h.name), value });
      return { ...h, value: '' };
    });
    row = { ...tool, http: { ...tool.http, headers } };
  }
  return db.transaction('rw', db.tools, db.secrets, async () => {
    const clash = await getToolByName(db, row.name);
    if (clash && clash.id !== row.id) return { ok: false, reason: 'name_taken', name: row.name } as const;
    const previous = await db.tools.get(row.id);
    const keep = new Set((row.http?.headers ?? []).filter((h) => h.secret).map((h) => headerSecretKey(row.id, h.name)));
    const stale = (previous?.http?.headers ?? []).map((h) => headerSecretKey(row.id, h.name)).filter((k) => !keep.has(k));
    await db.secrets.bulkDelete(stale);
    await db.secrets.bulkPut(secrets);
    await db.tools.put(row);
    return { ok: true, tool: row } as const;
  });
}

export async function deleteTool(db: ToolscopeDB, id: string): Promise<void> {
  await db.transaction('rw', db.tools, db.secrets, async () => {
    await db.secrets.where('key').startsWith(headerSecretKey(id, '')).delete();
    await db.tools.delete(id);
  });
}

/** Secret header values by header name, for the HTTP runner only. */
export async function getToolHeaderSecrets(db: ToolscopeDB, tool: ToolDefinition): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const h of tool.http?.headers ?? []) {
    if (!h.secret) continue;
    const rec = await db.secrets.get(headerSecretKey(tool.id, h.name));
    if (rec) out[h.name] = rec.value;
  }
  return out;
}
