import Dexie from 'dexie';
import { type ToolscopeDB, sessionTables } from '../../db/database';
import type { MemoryRecord, MessageRecord, RunRecord, ToolCallRecord } from '../../db/records';
import type { SessionRecord } from '../../domain/session';
import { flattenTool, unflattenTool, type ToolDefinition } from '../../domain/tool-definition';
import { readPriceOverrides } from '../../db/prices-repo';
import { ownSessions } from '../../db/sessions-repo';
import { APP_INFO } from '../app-info';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFileV1, type ExportedSessionV1 } from './format-v1';
import { sanitizeForExport } from './sanitize-export';
import { exportedMcpServers } from '../import/import-mcp-servers';
import { listSessionExchanges } from '../../db/wire-exchanges-repo';
import type { FileIssue } from './validate-file';

export type ExportScope =
  | { kind: 'session'; sessionId: string }
  | { kind: 'selection'; sessionIds: string[] }
  | { kind: 'all' };

/** `includeRawTraffic`: each session's captured exchanges go in the file too (docs/wire-capture.md). */
type ExportOptions = { includeMemories?: boolean; includeRawTraffic?: boolean; now?: Date };

export type ExportResult = {
  file: ExportFileV1;
  /** Problems found in the stored data; empty unless the database holds something the format cannot carry. */
  warnings: FileIssue[];
};

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Tool call rows in the order the model asked for them, so two exports of the same data are equal. */
function sortToolCalls(calls: ToolCallRecord[], messages: MessageRecord[]): ToolCallRecord[] {
  const rank = new Map<string, number>();
  messages.forEach((m, i) => {
    if (m.role === 'assistant') m.toolCalls.forEach((c, k) => rank.set(`${m.id}\u0000${c.id}`, i * 10_000 + k));
  });
  const at = (c: ToolCallRecord) => rank.get(`${c.messageId}\u0000${c.id}`) ?? Number.MAX_SAFE_INTEGER;
  return [...calls].sort(
    (a, b) =>
      at(a) - at(b) || (a.startedAt ?? 0) - (b.startedAt ?? 0) || byId(a, b) || (a.messageId < b.messageId ? -1 : 1),
  );
}

async function readSession(db: ToolscopeDB, session: SessionRecord, rawTraffic: boolean): Promise<ExportedSessionV1> {
  const [messages, toolCalls, runs, events, mcpTasks, viewEvents, toolSets, exchanges] = await Promise.all([
    db.messages.where('[sessionId+order]').between([session.id, Dexie.minKey], [session.id, Dexie.maxKey]).toArray(),
    db.toolCalls.where('sessionId').equals(session.id).toArray(),
    db.runs.where('sessionId').equals(session.id).toArray(),
    db.events.where('sessionId').equals(session.id).toArray(),
    db.mcpTasks.where('sessionId').equals(session.id).toArray(),
    db.mcpViewEvents.where('sessionId').equals(session.id).toArray(),
    db.toolSets.where('sessionId').equals(session.id).toArray(),
    rawTraffic ? listSessionExchanges(db, session.id) : [],
  ]);
  const sortedRuns = [...runs].sort((a: RunRecord, b: RunRecord) => a.startedAt - b.startedAt || byId(a, b));
  const runRank = new Map(sortedRuns.map((r, i) => [r.id, i]));
  const rankOf = (runId: string) => runRank.get(runId) ?? sortedRuns.length;
  events.sort(
    (a, b) =>
      rankOf(a.runId) - rankOf(b.runId) || (a.runId < b.runId ? -1 : a.runId > b.runId ? 1 : 0) || a.seq - b.seq,
  );
  const tasks = mcpTasks.sort((a, b) => a.createdAt - b.createdAt || (a.callId < b.callId ? -1 : 1));
  const views = viewEvents.sort(
    (a, b) => a.at - b.at || a.seq - b.seq || (a.callId < b.callId ? -1 : a.callId > b.callId ? 1 : 0),
  );
  return {
    session,
    messages,
    toolCalls: sortToolCalls(toolCalls, messages),
    runs: sortedRuns,
    events,
    ...(tasks.length > 0 ? { mcpTasks: tasks } : {}),
    ...(views.length > 0 ? { mcpViewEvents: views } : {}),
    // In hash order (the table's key order), so two exports of the same data are equal.
    ...(toolSets.length > 0 ? { toolSets } : {}),
    // Oldest first, as the table's index keeps them; without their stored sizes, which the import works out again.
    ...(exchanges.length > 0 ? { wireExchanges: exchanges } : {}),
  };
}

function toolNamesUsed(entries: ExportedSessionV1[]): string[] {
  const names = new Set<string>();
  for (const e of entries) {
    for (const c of e.toolCalls) names.add(c.name);
    for (const m of e.messages) {
      if (m.role === 'assistant') for (const c of m.toolCalls) names.add(c.name);
      if (m.role === 'tool') names.add(m.name);
    }
  }
  return [...names];
}

/** Secret header values live in the secrets table; the tool row should already hold '', this makes sure. */
function withoutSecrets(tool: ToolDefinition): ToolDefinition {
  if (tool.kind !== 'http') return tool;
  return {
    ...tool,
    http: { ...tool.http, headers: tool.http.headers.map((h) => (h.secret ? { ...h, value: '' } : h)) },
  };
}

/**
 * Builds an export from the database. Reads sessions, messages, toolCalls, runs, events, tools, MCP servers and
 * (when asked) memories and raw traffic in one read transaction; of the settings only the person's own prices per model are read
 * (through prices-repo, by their one key) and the secrets table is never opened, so no API key or header secret
 * can reach a file.
 */
export async function buildExport(
  db: ToolscopeDB,
  scope: ExportScope,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const tables = [
    ...sessionTables(db),
    db.mcpTasks,
    db.tools,
    db.mcpServers,
    ...(options.includeMemories ? [db.memories] : []),
  ];
  const { sessions, tools, memories, mcpServers } = await db.transaction('r', tables, async () => {
    let records: SessionRecord[];
    // A suite run's sessions go with the suite, not with the chats (architecture.md, "Test cases and suites").
    if (scope.kind === 'all') records = await ownSessions(db).toArray();
    else {
      const ids = scope.kind === 'session' ? [scope.sessionId] : scope.sessionIds;
      records = (await db.sessions.bulkGet(ids)).filter((s): s is SessionRecord => s !== undefined);
    }
    records.sort((a, b) => a.createdAt - b.createdAt || byId(a, b));
    const entries: ExportedSessionV1[] = [];
    for (const s of records) entries.push(await readSession(db, s, options.includeRawTraffic === true));
    const names = toolNamesUsed(entries);
    const used = names.length > 0 ? await db.tools.where('name').anyOf(names).toArray() : [];
    const mem: MemoryRecord[] | undefined = options.includeMemories ? await db.memories.toArray() : undefined;
    const called = new Set(
      entries.flatMap((e) => e.toolCalls.flatMap((c) => (c.mcpServer ? [c.mcpServer.serverId] : []))),
    );
    const servers = exportedMcpServers(
      await db.mcpServers.orderBy('createdAt').toArray(),
      scope.kind === 'all' ? 'all' : called,
    );
    return { sessions: entries, tools: used, memories: mem, mcpServers: servers };
  });

  const file: ExportFileV1 = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: (options.now ?? new Date()).toISOString(),
    app: { ...APP_INFO },
    sessions,
    // Files keep tools in their flat layout (format-v1.ts).
    tools: tools
      .map((row) => flattenTool(withoutSecrets(unflattenTool(row))))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  };
  if (memories) file.memories = [...memories].sort((a, b) => a.createdAt - b.createdAt || byId(a, b));
  // Header values live in the secrets table, which this never opens: only the headers' names travel.
  if (mcpServers.length > 0) file.mcpServers = mcpServers;
  const prices = await readPriceOverrides(db);
  const models = Object.keys(prices).sort();
  if (models.length > 0) file.modelPrices = Object.fromEntries(models.map((m) => [m, prices[m]!]));
  const warnings = sanitizeForExport(file);
  return { file, warnings };
}

export function serializeExport(file: ExportFileV1): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}
