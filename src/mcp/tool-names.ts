/**
 * Model-facing function names for MCP tools. A model function name must match ^[a-zA-Z0-9_-]{1,64}$ and be unique
 * across every tool offered, while MCP tool names allow dots, run to 128 characters and repeat across servers.
 * Each name is `<server prefix>__<tool name>` with other characters turned into `_`. A name that is too long, taken
 * by another tool or reserved ends in a hash of its entry (server key, prefix, tool name) instead, so the same tools
 * get the same names whatever order they are listed in.
 */

export type ToolNameEntry = {
  /** A stable identity of the server in the app (not shown to the model). */
  serverKey: string;
  /** The short label the model sees in front of the tool's name, e.g. "github". */
  prefix: string;
  toolName: string;
};

export type ToolNameMapping = ToolNameEntry & { modelName: string };

export const MODEL_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX = 64;
const MAX_PREFIX = 24;

function sanitizeName(text: string, fallback: string): string {
  const cleaned = text.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '');
  return cleaned === '' ? fallback : cleaned;
}

/** FNV-1a, 32 bits, as 8 hex digits: short, stable, and the same in every engine. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

// The whole entry is its identity, so two listings of one tool under different prefixes still map the same way in any order.
const keyOf = (e: ToolNameEntry) => `${e.serverKey}\u0000${e.prefix}\u0000${e.toolName}`;

export function mapToolNames(entries: readonly ToolNameEntry[], reserved: Iterable<string> = []): ToolNameMapping[] {
  const unique = new Map<string, ToolNameEntry>();
  for (const e of entries) if (!unique.has(keyOf(e))) unique.set(keyOf(e), e);
  const sorted = [...unique.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));

  const base = new Map<string, string>();
  const count = new Map<string, number>();
  for (const e of sorted) {
    const name = `${sanitizeName(e.prefix, 'mcp').slice(0, MAX_PREFIX)}__${sanitizeName(e.toolName, 'tool')}`;
    base.set(keyOf(e), name);
    count.set(name, (count.get(name) ?? 0) + 1);
  }

  const taken = new Set(reserved);
  const assigned = new Map<string, string>();
  // First the names that stand as they are, so a clean name never moves because of another tool's hash.
  for (const e of sorted) {
    const name = base.get(keyOf(e)) ?? '';
    if (name.length <= MAX && count.get(name) === 1 && !taken.has(name)) {
      assigned.set(keyOf(e), name);
      taken.add(name);
    }
  }
  for (const e of sorted) {
    if (assigned.has(keyOf(e))) continue;
    const stem = (base.get(keyOf(e)) ?? 'mcp__tool').slice(0, MAX - 9).replace(/_+$/, '');
    let name = `${stem}_${shortHash(keyOf(e))}`;
    for (let n = 2; taken.has(name); n++)
      name = `${stem.slice(0, MAX - 9 - String(n).length - 1)}_${shortHash(keyOf(e))}_${n}`;
    assigned.set(keyOf(e), name);
    taken.add(name);
  }
  return sorted.map((e) => ({ ...e, modelName: assigned.get(keyOf(e)) ?? '' }));
}
