import type { EventRecord, MemoryRecord, MessageRecord, RunRecord, ToolCallRecord } from '../../db/records';
import type { SessionRecord } from '../../domain/session';
import type { FlatToolDefinition, ToolDefinition } from '../../domain/tool-definition';
import type { McpServerRecord } from '../../domain/mcp-server';
import type { FlatPrice } from '../../domain/model-prices';
import type { McpTaskRecord } from '../../domain/mcp-task';
import type { McpViewEventRecord } from '../../domain/mcp-view-event';
import type { ToolSetRecord } from '../../domain/offered-tools';
import type { WireExchange } from '../../domain/wire-exchange';

/**
 * Version 1 of the session export file. The record shapes are the database records verbatim, so
 * export and import are copies, not translations; a change to them that is not additive needs version 2.
 * Tools are the one mapping: files carry them in their flat layout (FlatToolDefinition), the app by kind.
 * The JSON Schema for this is src/io/session-file/session-schema.json (also served at /schema/toolscope-session-v1.json).
 */
export const EXPORT_FORMAT = 'toolscope-session';
export const EXPORT_VERSION = 1;

export type ExportAppInfo = { name: 'toolscope'; version: string };

export type ExportedSessionV1 = {
  session: SessionRecord;
  /** Sorted by `order`. */
  messages: MessageRecord[];
  toolCalls: ToolCallRecord[];
  runs: RunRecord[];
  /** Sorted by run start, then `seq`. */
  events: EventRecord[];
  /** The tasks MCP servers answered the session's tool calls with (lanes), oldest first; absent when none. */
  mcpTasks?: McpTaskRecord[];
  /** What the session's MCP App Views did and were told (the timeline's View lane), oldest first; absent when none. */
  mcpViewEvents?: McpViewEventRecord[];
  /** The distinct tool sets its requests offered, by content hash (architecture.md, "Offered tool sets"); absent when none was recorded. */
  toolSets?: ToolSetRecord[];
  /**
   * Raw traffic (docs/wire-capture.md), oldest first: only when the person asked to include it; secret header values
   * are never part of it (they are hidden when captured).
   */
  wireExchanges?: WireExchange[];
};

export type ExportFileV1 = {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  /** ISO 8601; the only field that differs between two exports of the same data. */
  exportedAt: string;
  app: ExportAppInfo;
  sessions: ExportedSessionV1[];
  /** Definitions of the tools the sessions called; secret header values always blank. */
  tools: FlatToolDefinition[];
  /** Only when the user asked to include memories. */
  memories?: MemoryRecord[];
  /**
   * MCP servers: those the sessions called, every stored one in an export of all sessions. Only where they are,
   * their names and choices, and the names of their secret headers, whose values the import asks for again.
   */
  mcpServers?: ExportedMcpServerV1[];
  /** A person's own prices per model (Settings), when there are any; the import adds those not priced there yet. */
  modelPrices?: Record<string, FlatPrice>;
};

export type ExportedMcpServerV1 = Pick<
  McpServerRecord,
  'id' | 'url' | 'name' | 'approval' | 'headerNames' | 'toolChoices'
>;

/** A file after the import's checks: its tools are the ones that passed them, by kind. */
export type ScreenedFileV1 = Omit<ExportFileV1, 'tools'> & { tools: ToolDefinition[] };
