import type { ToolscopeDB } from '../../db/database';
import type { MemoryRecord } from '../../db/records';
import { flattenTool, unflattenTool, type FlatToolDefinition, type ToolDefinition } from '../../domain/tool-definition';
import type { ExportedSessionV1, ScreenedFileV1 } from '../session-file/format-v1';
import { copyWithNewIds, randomIds, type IdFactory } from '../session-file/remap';
import { heldRunSessionIds } from '../../db/run-lock';
import { describeDestination, secretHandover, type SecretHandover } from '../session-file/secret-origin';
import { planMcpServers, type McpServerClashes, type McpServersPlan } from './import-mcp-servers';
import type { ModelPrice } from '../../domain/model-prices';

export type SessionChoice = 'copy' | 'replace';
export type ToolChoice = 'keep' | 'replace' | 'rename';

/** What the user decided for each clash; anything not listed gets the safe default (copy / keep). */
export type ImportChoices = {
  /** By the session id in the file. */
  sessions?: Record<string, SessionChoice>;
  /** By tool name. */
  tools?: Record<string, ToolChoice>;
};

type SessionClash = {
  id: string;
  title: string;
  existingTitle: string;
  /** Replace is impossible: some of the file's message or run ids belong to a different stored session, or it is running. */
  copyOnly: boolean;
  /** A run of the stored session is live (in this or another tab): replacing it would orphan that run's writes. */
  running: boolean;
};

type ToolClash = {
  name: string;
  existingId: string;
  /** What differs, in words ("code", "description"), so people can choose keep or replace knowingly. */
  differences: string[];
  /** Last change of each side: tells which one is newer. */
  storedUpdatedAt: number;
  importedUpdatedAt: number;
  /** The name "Import under a new name" would give it. */
  renameTo: string;
  /** Where each side sends its requests, in words (see describeDestination). */
  destination: { stored: string; imported: string };
  /** What "replace" does to the stored tool's secret header values. */
  secrets: SecretHandover;
};

/** What importing this file would collide with in the database; the dialog asks about these. */
export type ImportAnalysis = {
  sessionClashes: SessionClash[];
  /** Sessions whose own id is free but whose message or run ids are taken; they are copied without asking. */
  forcedCopies: string[];
  toolClashes: ToolClash[];
  /** Imported tools identical to a stored one (apart from timestamps); skipped without asking. */
  identicalTools: string[];
  existingMemoryIds: string[];
  /** Every stored tool name, so a renamed tool gets a free one. */
  storedToolNames: string[];
  /** File tool ids already used by a stored tool of another name; those tools get a new id. */
  takenToolIds: string[];
  /** Stored MCP servers' addresses and ids: a file's server at a stored address is not added twice. */
  mcpServers?: McpServerClashes;
};

// `enabled` is not compared: an import never carries it over (imported tools arrive switched off, see arriveSwitchedOff).
const FIELD_WORDS: Record<
  Exclude<keyof FlatToolDefinition, 'id' | 'createdAt' | 'updatedAt' | 'name' | 'enabled'>,
  string
> = {
  description: 'description',
  parameters: 'parameters schema',
  kind: 'kind',
  code: 'code',
  http: 'HTTP request',
  builtinId: 'built-in',
  allowedOrigins: 'allowed origins',
  timeoutMs: 'timeout',
  needsApproval: 'needs approval',
  allowPrivateAddresses: 'allow private addresses',
};

/** The fields two definitions of one name disagree on, in words; empty when they are the same tool. */
export function toolDifferences(a: ToolDefinition, b: ToolDefinition): string[] {
  const out: string[] = [];
  const [flatA, flatB] = [flattenTool(a), flattenTool(b)];
  for (const [key, word] of Object.entries(FIELD_WORDS) as [keyof typeof FIELD_WORDS, string][]) {
    if (JSON.stringify(flatA[key] ?? null) !== JSON.stringify(flatB[key] ?? null)) out.push(word);
  }
  return out;
}

/** Reads only what is needed to find clashes: ids and names, never the secrets or settings tables. */
export async function analyzeImport(
  db: ToolscopeDB,
  file: ScreenedFileV1,
  runningSessionIds: () => Promise<ReadonlySet<string>> = heldRunSessionIds,
): Promise<ImportAnalysis> {
  // Asked before the transaction: awaiting anything but Dexie inside it would commit it early.
  const running = await runningSessionIds();
  return db.transaction('r', [db.sessions, db.messages, db.runs, db.tools, db.memories, db.mcpServers], async () => {
    const existing = await db.sessions.bulkGet(file.sessions.map((e) => e.session.id));
    const sessionClashes: SessionClash[] = [];
    const forcedCopies: string[] = [];
    for (let i = 0; i < file.sessions.length; i++) {
      const entry = file.sessions[i]!;
      const stored = existing[i];
      const foreign = await idsOwnedElsewhere(db, entry);
      if (stored) {
        const live = running.has(entry.session.id);
        sessionClashes.push({
          id: entry.session.id,
          title: entry.session.title,
          existingTitle: stored.title,
          copyOnly: foreign || live,
          running: live,
        });
      } else if (foreign) forcedCopies.push(entry.session.id);
    }

    const storedTools = (await db.tools.toArray()).map(unflattenTool);
    const byName = new Map(storedTools.map((t) => [t.name, t]));
    const byId = new Map(storedTools.map((t) => [t.id, t]));
    const toolClashes: ToolClash[] = [];
    const identicalTools: string[] = [];
    const takenToolIds: string[] = [];
    const takenNames = new Set([...file.tools.map((t) => t.name), ...storedTools.map((t) => t.name)]);
    for (const tool of file.tools) {
      const sameId = byId.get(tool.id);
      if (sameId && sameId.name !== tool.name) takenToolIds.push(tool.id);
      const stored = byName.get(tool.name);
      if (!stored) continue;
      const differences = toolDifferences(stored, tool);
      if (differences.length === 0) identicalTools.push(tool.name);
      else {
        toolClashes.push({
          name: tool.name,
          existingId: stored.id,
          differences,
          storedUpdatedAt: stored.updatedAt,
          importedUpdatedAt: tool.updatedAt,
          renameTo: freeName(tool.name, takenNames),
          destination: { stored: describeDestination(stored), imported: describeDestination(tool) },
          secrets: secretHandover(stored, tool),
        });
      }
    }

    const memories = file.memories ?? [];
    const foundMemories = memories.length > 0 ? await db.memories.bulkGet(memories.map((m) => m.id)) : [];
    const existingMemoryIds = foundMemories.filter((m): m is MemoryRecord => m !== undefined).map((m) => m.id);
    const storedServers = (file.mcpServers?.length ?? 0) > 0 ? await db.mcpServers.toArray() : [];
    return {
      mcpServers: { storedUrls: storedServers.map((s) => s.url), storedIds: storedServers.map((s) => s.id) },
      sessionClashes,
      forcedCopies,
      toolClashes,
      identicalTools,
      existingMemoryIds,
      storedToolNames: storedTools.map((t) => t.name),
      takenToolIds,
    };
  });
}

/** Message and run ids are global keys; one held by another session means this one cannot keep its ids. */
async function idsOwnedElsewhere(db: ToolscopeDB, entry: ExportedSessionV1): Promise<boolean> {
  const sid = entry.session.id;
  const messages = await db.messages.bulkGet(entry.messages.map((m) => m.id));
  if (messages.some((m) => m !== undefined && m.sessionId !== sid)) return true;
  const runs = await db.runs.bulkGet(entry.runs.map((r) => r.id));
  return runs.some((r) => r !== undefined && r.sessionId !== sid);
}

export type ImportPlan = {
  /** Stored sessions to delete (with all their records) before writing: the ones being replaced. */
  replaceSessionIds: string[];
  sessions: ExportedSessionV1[];
  /** Tools to put, all switched off; a replaced tool keeps the stored id. */
  tools: ToolDefinition[];
  /**
   * Ids among `tools` whose stored secret header values stay: replaced tools that still address the same origin.
   * Every other tool written loses whatever the secrets table holds under its id.
   */
  keepSecretsFor: string[];
  /** Replaced tools whose stored secrets are dropped because their requests now go to another origin. */
  droppedSecrets: DroppedSecrets[];
  memories: MemoryRecord[];
  /** For the report: file session id to the id it was stored under. */
  sessionIdMap: Record<string, string>;
  renamedTools: Record<string, string>;
  skippedTools: string[];
  skippedMemories: number;
  /** MCP servers to add, switched off, with the headers each still needs. */
  mcpServers: McpServersPlan;
  /** Prices per model from the file; the write adds those the person has not priced here. */
  modelPrices?: Record<string, ModelPrice>;
};

export type DroppedSecrets = { name: string; headers: string[]; from: string; to: string };

/**
 * A definition from a file has been read by nobody here, so it must not start running on its own. Switched off
 * rather than "needs approval": an approval card shows the name and arguments, not the code or URL that will
 * run, and "Always allow" lifts it in one click; turning a tool on happens in Tools, next to its definition.
 */
function arriveSwitchedOff(tool: ToolDefinition): ToolDefinition {
  return { ...tool, enabled: false };
}

export function planImport(
  file: ScreenedFileV1,
  analysis: ImportAnalysis,
  choices: ImportChoices = {},
  ids: IdFactory = randomIds,
): ImportPlan {
  const clashById = new Map(analysis.sessionClashes.map((c) => [c.id, c]));
  const forced = new Set(analysis.forcedCopies);
  const replaceSessionIds: string[] = [];
  const sessionIdMap: Record<string, string> = {};
  const sessions = file.sessions.map((entry) => {
    const clash = clashById.get(entry.session.id);
    const replace = clash && !clash.copyOnly && choices.sessions?.[entry.session.id] === 'replace';
    if (replace) replaceSessionIds.push(entry.session.id);
    let out = entry;
    if (clash && !replace) {
      const copy = copyWithNewIds(entry, ids);
      out = { ...copy, session: { ...copy.session, title: `${entry.session.title} (copy)`.slice(0, 2_000) } };
    } else if (forced.has(entry.session.id)) out = copyWithNewIds(entry, ids);
    sessionIdMap[entry.session.id] = out.session.id;
    return out;
  });

  const toolClash = new Map(analysis.toolClashes.map((c) => [c.name, c]));
  const identical = new Set(analysis.identicalTools);
  const takenNames = new Set([...file.tools.map((t) => t.name), ...analysis.storedToolNames]);
  const takenIds = new Set(analysis.takenToolIds);
  const tools: ToolDefinition[] = [];
  const keepSecretsFor: string[] = [];
  const droppedSecrets: DroppedSecrets[] = [];
  const renamedTools: Record<string, string> = {};
  const skippedTools: string[] = [];
  for (const tool of file.tools) {
    if (identical.has(tool.name)) {
      skippedTools.push(tool.name);
      continue;
    }
    const clash = toolClash.get(tool.name);
    const choice = clash ? (choices.tools?.[tool.name] ?? 'keep') : null;
    if (choice === 'keep') skippedTools.push(tool.name);
    else if (clash && choice === 'replace') {
      tools.push({ ...tool, id: clash.existingId });
      if (clash.secrets.kind === 'keep') keepSecretsFor.push(clash.existingId);
      if (clash.secrets.kind === 'drop')
        droppedSecrets.push({
          name: tool.name,
          headers: clash.secrets.headers,
          from: clash.secrets.from,
          to: clash.secrets.to,
        });
    } else if (choice === 'rename') {
      const name = freeName(tool.name, takenNames);
      takenNames.add(name);
      renamedTools[tool.name] = name;
      tools.push({ ...tool, name, id: ids.tool() });
    } else tools.push(takenIds.has(tool.id) ? { ...tool, id: ids.tool() } : tool);
  }

  const existingMemories = new Set(analysis.existingMemoryIds);
  const memories = (file.memories ?? [])
    .filter((m) => !existingMemories.has(m.id))
    .map((m) =>
      m.sourceSessionId && sessionIdMap[m.sourceSessionId]
        ? { ...m, sourceSessionId: sessionIdMap[m.sourceSessionId]! }
        : m,
    );

  return {
    replaceSessionIds,
    sessions,
    tools: tools.map(arriveSwitchedOff),
    keepSecretsFor,
    droppedSecrets,
    memories,
    sessionIdMap,
    renamedTools,
    skippedTools,
    skippedMemories: (file.memories?.length ?? 0) - memories.length,
    mcpServers: planMcpServers(
      file.mcpServers ?? [],
      analysis.mcpServers ?? { storedUrls: [], storedIds: [] },
      ids.tool,
      Date.now(),
    ),
    ...(file.modelPrices ? { modelPrices: file.modelPrices } : {}),
  };
}

/** `name_2`, `name_3`, ...: still a valid function name for the model (letters, digits, _ and -, 64 max). */
function freeName(name: string, taken: Set<string>): string {
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = `${name.slice(0, 64 - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
