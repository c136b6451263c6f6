import type { ToolscopeDB } from './database';
import { flattenTool, unflattenTool, type ToolDefinition } from '../domain/tool-definition';

/** Secrets-table key for a tool's secret header; the tool row keeps only an empty value. */
export function headerSecretKey(toolId: string, headerName: string): string {
  return `tool-header:${toolId}:${headerName.toLowerCase()}`;
}

// The table keeps the flat layout rows have always had; everything outside db/ sees the definition by kind.
export async function listTools(db: ToolscopeDB): Promise<ToolDefinition[]> {
  return (await db.tools.orderBy('name').toArray()).map(unflattenTool);
}

export async function getToolByName(db: ToolscopeDB, name: string): Promise<ToolDefinition | undefined> {
  const row = await db.tools.where('name').equals(name).first();
  return row && unflattenTool(row);
}

/** Writes definitions as they are (no secret handling: callers give header secrets blank); used by import and seeding. */
export async function putTools(db: ToolscopeDB, tools: readonly ToolDefinition[]): Promise<void> {
  await db.tools.bulkPut(tools.map(flattenTool));
}

export type SaveToolResult = { ok: true; tool: ToolDefinition } | { ok: false; reason: 'name_taken'; name: string };

/**
 * Saves a definition. A secret header's value is moved to the secrets table so the tool row — which exports
 * read — never holds it. The value comes from `secretValues[headerName]` or from the header itself (how the
 * editor carries a value typed into a row, so renaming the row cannot detach it).
 *
 * A secret header saved with no new value keeps its stored one. `storedNames[i]`, when given, names where
 * header i's value is stored now (its name when the editor loaded it, or null for a new row): a header renamed
 * in the editor keeps its secret, and a new row never inherits the secret of a removed header that had its name.
 * Without it each header keeps the value stored under its own name.
 */
export async function saveTool(
  db: ToolscopeDB,
  tool: ToolDefinition,
  secretValues: Record<string, string> = {},
  storedNames?: readonly (string | null)[],
): Promise<SaveToolResult> {
  const headers = tool.kind === 'http' ? tool.http.headers : [];
  const typed = headers.map((h) => (h.secret ? (secretValues[h.name] ?? h.value) : ''));
  const row: ToolDefinition =
    tool.kind === 'http'
      ? { ...tool, http: { ...tool.http, headers: headers.map((h) => (h.secret ? { ...h, value: '' } : h)) } }
      : tool;
  return db.transaction('rw', db.tools, db.secrets, async () => {
    const clash = await getToolByName(db, row.name);
    if (clash && clash.id !== row.id) return { ok: false, reason: 'name_taken', name: row.name } as const;
    const prefix = headerSecretKey(row.id, '');
    const stored = new Map((await db.secrets.where('key').startsWith(prefix).toArray()).map((r) => [r.key, r.value]));
    const next = new Map<string, string>();
    headers.forEach((h, i) => {
      if (!h.secret) return;
      const key = headerSecretKey(row.id, h.name);
      const from = storedNames === undefined ? h.name : (storedNames[i] ?? null);
      const value = typed[i] || (from === null ? undefined : stored.get(headerSecretKey(row.id, from)));
      if (value) next.set(key, value);
    });
    // Everything the tool had is replaced by what its headers now resolve to: renamed, removed and
    // no-longer-secret headers leave nothing behind.
    await db.secrets.bulkDelete([...stored.keys()].filter((k) => !next.has(k)));
    await db.secrets.bulkPut([...next].map(([key, value]) => ({ key, value })));
    await db.tools.put(flattenTool(row));
    return { ok: true, tool: row } as const;
  });
}

/** The list's on/off switch: whether the model is offered the tool. */
export async function setToolEnabled(db: ToolscopeDB, id: string, enabled: boolean, now = Date.now()): Promise<void> {
  await db.tools.update(id, { enabled, updatedAt: now });
}

export async function deleteTool(db: ToolscopeDB, id: string): Promise<void> {
  await db.transaction('rw', db.tools, db.secrets, async () => {
    await db.secrets.where('key').startsWith(headerSecretKey(id, '')).delete();
    await db.tools.delete(id);
  });
}

/**
 * The secrets table as the tools' secret source (tools/secret-source.ts): the store hands this to the executor when a
 * run starts, so tool code paths never see the database or how its keys are made.
 */
export function toolSecretSource(db: ToolscopeDB): {
  headerSecret(toolId: string, headerName: string): Promise<string | undefined>;
} {
  return {
    headerSecret: async (toolId, headerName) => (await db.secrets.get(headerSecretKey(toolId, headerName)))?.value,
  };
}

/** Secret header values by header name, for the HTTP runner only. */
export async function getToolHeaderSecrets(db: ToolscopeDB, tool: ToolDefinition): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const h of tool.kind === 'http' ? tool.http.headers : []) {
    if (!h.secret) continue;
    const rec = await db.secrets.get(headerSecretKey(tool.id, h.name));
    if (rec) out[h.name] = rec.value;
  }
  return out;
}
