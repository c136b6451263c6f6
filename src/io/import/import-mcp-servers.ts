/**
 * MCP servers from a file (architecture.md, "MCP in the app"). A file holds where a server is, its name and
 * choices and the names of its secret headers, never their values: an imported server therefore arrives switched
 * off with its headers still to be entered, and is not contacted until the person has looked at it in Tools (the
 * same rule as imported tools: nobody here has read the file yet).
 */
import type { McpServerRecord } from '../../domain/mcp-server';
import type { ExportedMcpServerV1 } from '../session-file/format-v1';

/** A server the import adds, and the header values the person must enter before it can connect. */
export type ImportedMcpServer = { name: string; url: string; needsHeaders: string[] };

export type McpServersPlan = {
  records: McpServerRecord[];
  added: ImportedMcpServer[];
  /** Servers left out, each with why. */
  skipped: { url: string; reason: string }[];
};

/** Stored servers the file's servers could collide with. */
export type McpServerClashes = { storedUrls: string[]; storedIds: string[] };

/** The address as the person would compare it: parsed, so case and default ports do not make a second copy. */
function normalUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function planMcpServers(
  servers: readonly ExportedMcpServerV1[],
  clashes: McpServerClashes,
  newId: () => string,
  now: number,
): McpServersPlan {
  const urls = new Set(clashes.storedUrls.map((u) => normalUrl(u) ?? u));
  const ids = new Set(clashes.storedIds);
  const out: McpServersPlan = { records: [], added: [], skipped: [] };
  for (const s of servers) {
    const url = normalUrl(s.url);
    if (url === null) {
      out.skipped.push({ url: s.url, reason: 'not an http:// or https:// address' });
      continue;
    }
    if (urls.has(url)) {
      out.skipped.push({ url: s.url, reason: 'a server with this address is already stored' });
      continue;
    }
    urls.add(url);
    const id = ids.has(s.id) ? newId() : s.id;
    ids.add(id);
    const headerNames = [...new Set(s.headerNames.map((h) => h.trim()).filter((h) => h !== ''))];
    out.records.push({
      id,
      url: s.url.trim(),
      name: s.name,
      enabled: false,
      approval: s.approval,
      headerNames,
      toolChoices: s.toolChoices,
      createdAt: now,
      updatedAt: now,
    });
    out.added.push({ name: s.name || s.url, url: s.url.trim(), needsHeaders: headerNames });
  }
  return out;
}

/** The servers an export carries: every stored one for all sessions, else those the sessions called. */
export function exportedMcpServers(
  stored: readonly McpServerRecord[],
  calledIds: ReadonlySet<string> | 'all',
): ExportedMcpServerV1[] {
  return stored
    .filter((s) => calledIds === 'all' || calledIds.has(s.id))
    .map(({ id, url, name, approval, headerNames, toolChoices }) => ({
      id,
      url,
      name,
      approval,
      headerNames: [...headerNames],
      toolChoices,
    }));
}
