/**
 * Toolscope's IndexedDB schema (Dexie). Framework-free: repositories take the database as their first argument,
 * so tests pass `openToolscopeDB(uniqueName)` and the app passes `db`.
 *
 * Tables (record types in records.ts):
 *   sessions   id | updatedAt, title, status          messages  id | [sessionId+order], [sessionId+branchId+order]
 *   toolCalls  [messageId+id] | id, sessionId, runId  runs      id | sessionId
 *   events     [runId+seq] | sessionId                tools     id | &name
 *   settings   key      secrets  key (never exported)  memories  id | updatedAt
 *   mcpServers id | createdAt (secret header values live in secrets)
 *   mcpTasks   callId | sessionId (MCP task handles, v5)
 *   mcpViewEvents [sessionId+callId+seq] | sessionId (what MCP App Views did, v7)
 *   syncChanges k (keys of synced records written since sync read them, v8; sync-change-log.ts)
 *   evalSuites id | updatedAt;  evalCases id | suiteId;  evalRuns id | suiteId, startedAt (test cases, v10; evals-repo.ts)
 *   toolSets   [sessionId+hash] | sessionId (the distinct tool sets a session's requests offered, v11; tool-sets-repo.ts)
 *   traceSources id;  traceFiles [sourceId+key];  traceParts [sourceId+traceId+key];  traceIndex [sourceId+traceId] (the trace inbox, v12; traces-repo.ts)
 *   wireExchanges id | sessionId, [sessionId+startedAt+bytes], owner.messageId (requests as sent, v13; wire-exchanges-repo.ts)
 * Versions (files in schema/): 1 = schema-v1.ts (frozen); 2 adds memories, sessions.status, and backfills sessions.toolCallCount;
 * 3 adds mcpServers; 4 (schema-v4.ts) indexes messages by branch (branches-repo.ts); 5 (schema-v5.ts) adds mcpTasks;
 * 7 (schema-v7.ts) adds mcpViewEvents; 8 (schema-v8.ts) adds syncChanges; 10 (schema-v10.ts) adds evalSuites, evalCases, evalRuns;
 * 11 (schema-v11.ts) adds toolSets; 12 (schema-v12.ts) adds the trace inbox's tables; 13 (schema-v13.ts) adds wireExchanges.
 *
 * Modules:
 *   sessions-repo    createSession, getSession, renameSession, listSessions, searchSessions, updateSession, deleteSession (undo)
 *   messages-repo    listMessages, listMessageIds, getMessages, loadHistory (the active path), loadBranchMessages,
 *                    loadPathRecords, appendMessage, nextOrder, toMessageRecord, fromMessageRecord
 *   branches-repo    loadSkeleton, loadActivePath, startBranch, switchBranch, dropEmptyBranch
 *   fork-session     forkSession: a new session holding one path up to a message
 *   tool-calls-repo  listToolCalls
 *   runs-repo        listRuns, getRun;  events-repo  listRunEvents, listRunEventsAfter, listSessionEvents, countSessionEvents
 *   tools-repo       listTools, getToolByName, saveTool, putTools, setToolEnabled, deleteTool, toolSecretSource, getToolHeaderSecrets
 *   seed-builtins    seedBuiltinTools(db, builtinsAt): the built-in tools, given by the store, seeded once
 *   settings-repo    getSetting, setSetting;  endpoint-keys  createEndpointKeyStore (one key per endpoint)
 *   memories-repo    listMemories, addMemory, updateMemory, deleteMemory
 *   mcp-servers-repo listMcpServers, getMcpServer, addMcpServer, updateMcpServer, deleteMcpServer, mcpServerHeaders
 *   mcp-tasks-repo   putMcpTask, updateMcpTask, getMcpTask, listSessionMcpTasks, deleteSessionMcpTasks
 *   mcp-view-events-repo putMcpViewEvents, listSessionMcpViewEvents, trimMcpViewEvents
 *   wire-exchanges-repo putWireExchange (bounded per session), listSessionExchanges, listMessageExchanges
 *   evals-repo       listSuites, saveCase, listSuiteCases, renameSuite, deleteSuite, updateCase, deleteCase, putEvalRun, listSuiteRuns
 *   persister        createPersister(db, sessionId, opts): the event sink that writes a run in batches
 *   recover          recoverInterrupted(db): marks runs a closed page left behind as interrupted, repairs history
 *   run-lock         acquireRunLock / isRunLocked (Web Locks, one run per session across tabs)
 *   storage-errors   classifyStorageError, storageErrorInfo, checkIndexedDB
 *   storage-backend  IndexedDB, or an in-memory fallback chosen before this module loads
 */
import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie';
import type {
  EventRecord,
  MemoryRecord,
  MessageRecord,
  RunRecord,
  SecretRecord,
  SettingRecord,
  ToolCallRecord,
  WireExchangeRecord,
} from './records';
import type { SessionRecord } from '../domain/session';
import type { FlatToolDefinition } from '../domain/tool-definition';
import type { McpServerRecord } from '../domain/mcp-server';
import type { McpTaskRecord } from '../domain/mcp-task';
import type { McpViewEventRecord } from '../domain/mcp-view-event';
import { declareV1 } from './schema/schema-v1';
import { SCHEMA_V2_CHANGES, upgradeToV2 } from './schema/schema-v2';
import { SCHEMA_V3_CHANGES } from './schema/schema-v3';
import { SCHEMA_V4_CHANGES } from './schema/schema-v4';
import { SCHEMA_V5_CHANGES } from './schema/schema-v5';
import { SCHEMA_V7_CHANGES } from './schema/schema-v7';
import { SCHEMA_V8_CHANGES } from './schema/schema-v8';
import { SCHEMA_V10_CHANGES } from './schema/schema-v10';
import { SCHEMA_V11_CHANGES } from './schema/schema-v11';
import { SCHEMA_V12_CHANGES } from './schema/schema-v12';
import { SCHEMA_V13_CHANGES } from './schema/schema-v13';
import type { TraceFileRecord, TraceIndexRecord, TracePartRecord, TraceSourceRecord } from '../domain/trace-inbox';
import type { ToolSetRecord } from '../domain/offered-tools';
import type { EvalCaseRecord, EvalRunRecord, EvalSuiteRecord } from '../domain/eval-case';
import { changeLog, storedSyncFlag, type ChangeRow, type SyncFlag } from './sync-change-log';
import { backendDexieOptions } from './storage-backend';

export const DB_NAME = 'toolscope';

/** The versions after 1: each one's changes, and the upgrade that rewrites data on the way to it. */
type SchemaStep = readonly [
  version: number,
  changes: Readonly<Record<string, string | null>>,
  upgrade?: (tx: Transaction) => Promise<void>,
];
const SCHEMA_STEPS: readonly SchemaStep[] = [
  [2, SCHEMA_V2_CHANGES, upgradeToV2],
  [3, SCHEMA_V3_CHANGES],
  [4, SCHEMA_V4_CHANGES],
  [5, SCHEMA_V5_CHANGES],
  [7, SCHEMA_V7_CHANGES],
  [8, SCHEMA_V8_CHANGES],
  [10, SCHEMA_V10_CHANGES],
  [11, SCHEMA_V11_CHANGES],
  [12, SCHEMA_V12_CHANGES],
  [13, SCHEMA_V13_CHANGES],
];

export class ToolscopeDB extends Dexie {
  declare readonly sessions: Table<SessionRecord, string>;
  declare readonly messages: Table<MessageRecord, string>;
  declare readonly toolCalls: Table<ToolCallRecord, [string, string]>;
  declare readonly runs: Table<RunRecord, string>;
  declare readonly events: Table<EventRecord, [string, number]>;
  /** Tools in their flat layout (domain/tool-definition.ts); read and write them through tools-repo. */
  declare readonly tools: Table<FlatToolDefinition, string>;
  declare readonly settings: Table<SettingRecord, string>;
  declare readonly secrets: Table<SecretRecord, string>;
  declare readonly memories: Table<MemoryRecord, string>;
  /** MCP servers; their secret header values are in `secrets` (mcp-servers-repo keeps the two together). */
  declare readonly mcpServers: Table<McpServerRecord, string>;
  /** MCP task handles by tool call (mcp-tasks-repo). */
  declare readonly mcpTasks: Table<McpTaskRecord, string>;
  /** What MCP App Views did, by session, opening call and seq (mcp-view-events-repo). */
  declare readonly mcpViewEvents: Table<McpViewEventRecord, [string, string, number]>;
  /** Synced records written since sync last read them (sync-change-log.ts). */
  declare readonly syncChanges: Table<ChangeRow, [string, unknown]>;
  /** Test suites, their cases and their runs (evals-repo). */
  declare readonly evalSuites: Table<EvalSuiteRecord, string>;
  declare readonly evalCases: Table<EvalCaseRecord, string>;
  declare readonly evalRuns: Table<EvalRunRecord, string>;
  /** The distinct tool sets each session's requests offered, by content hash (tool-sets-repo). */
  declare readonly toolSets: Table<ToolSetRecord, [string, string]>;
  /** The trace inbox: sources, what their files held, each trace's parts and its merged row (traces-repo). */
  declare readonly traceSources: Table<TraceSourceRecord, string>;
  declare readonly traceFiles: Table<TraceFileRecord, [string, string]>;
  declare readonly traceParts: Table<TracePartRecord, [string, string, string]>;
  declare readonly traceIndex: Table<TraceIndexRecord, [string, string]>;
  /** Requests as they went over the wire, bounded per session (wire-exchanges-repo). */
  declare readonly wireExchanges: Table<WireExchangeRecord, string>;
  /** Whether writes are logged for sync (set by sync's first round on this device). */
  readonly syncFlag: SyncFlag;

  constructor(name: string = DB_NAME, options?: DexieOptions, syncFlag: SyncFlag = storedSyncFlag(`${name}.sync`)) {
    super(name, options);
    this.syncFlag = syncFlag;
    this.use(changeLog(syncFlag));
    // A browser may hold a database from any version: each one reaches the current schema (declaredSchemaSteps).
    declareVersions(this);
  }
}

export function openToolscopeDB(name: string = DB_NAME, options?: DexieOptions, syncFlag?: SyncFlag): ToolscopeDB {
  return new ToolscopeDB(name, options, syncFlag);
}

// On the backend chosen at start-up (storage-backend.ts): IndexedDB, or memory where the browser refuses it.
export const db = new ToolscopeDB(DB_NAME, backendDexieOptions());

/** The tables one session's data lives in (deleted, restored and exported together). */
export function sessionTables(d: ToolscopeDB) {
  return [d.sessions, d.messages, d.toolCalls, d.runs, d.events, d.mcpViewEvents, d.toolSets, d.wireExchanges] as const;
}

/**
 * The versions Dexie is given, up to `last`: version 1, every version with an upgrade, and the last one. A run of
 * versions without an upgrade is declared once, at its highest number, with their changes merged in order (a later
 * change to a table wins, `null` still deletes): Dexie (3+) upgrades from the schema the browser actually holds, so
 * a database left at any version in the run reaches the same tables and indexes. Declaring each version costs Dexie
 * work on every table, on the main thread while the page starts (speed-and-tests.md, "Start-up"), so fewer is faster.
 */
export function declaredSchemaSteps(last = Infinity): SchemaStep[] {
  const out: SchemaStep[] = [];
  // The run of versions without an upgrade not declared yet: its highest number and its changes merged.
  let runVersion = 0;
  let runChanges: Record<string, string | null> = {};
  for (const [version, changes, upgrade] of SCHEMA_STEPS) {
    if (version > last) break;
    if (upgrade) {
      if (runVersion > 0) out.push([runVersion, runChanges]);
      runVersion = 0;
      runChanges = {};
      out.push([version, changes, upgrade]);
    } else {
      runVersion = version;
      runChanges = { ...runChanges, ...changes };
    }
  }
  if (runVersion > 0) out.push([runVersion, runChanges]);
  return out;
}

/**
 * Declares the schema on a Dexie instance, as the current app or as the app of version `last` left it (the upgrade
 * tests build an older database with this same chain).
 */
export function declareVersions(db: Dexie, last = Infinity): void {
  declareV1(db);
  for (const [version, changes, upgrade] of declaredSchemaSteps(last)) {
    const declared = db.version(version).stores(changes);
    if (upgrade) declared.upgrade(upgrade);
  }
}
