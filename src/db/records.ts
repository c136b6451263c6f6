import type { McpServerRef } from '../domain/mcp-call-trace';
import type { AgentEvent } from '../domain/run-events';
import type { ErrorInfo } from '../domain/error-info';
import type { ChatMessage, ToolOutcome, Usage } from '../domain/messages';
import type { StopReason } from '../domain/stop-reason';
import type { WireExchange } from '../domain/wire-exchange';

/**
 * A history message; `order` keeps the conversation order within the session (across all its branches).
 * `branchId` names the branch that owns it (domain/branches.ts); absent: the root branch.
 */
export type MessageRecord = ChatMessage & { sessionId: string; order: number; branchId?: string };

export type ToolCallStatus = 'pending' | 'awaiting_approval' | 'running' | ToolOutcome;

export type ToolCallRecord = {
  /** The model's tool call id. */
  id: string;
  sessionId: string;
  runId: string;
  turn: number;
  /** The assistant message that asked for it. */
  messageId: string;
  name: string;
  arguments: string;
  validation: 'ok' | 'invalid_json' | 'schema' | 'unknown_tool' | null;
  validationErrors: { path: string; message: string }[];
  result: string | null;
  isError: boolean;
  status: ToolCallStatus;
  startedAt: number | null;
  finishedAt: number | null;
  durationMs: number | null;
  logs: { level: string; text: string; t: number }[];
  /** The MCP server of the call, for MCP tools (architecture.md, "MCP in the app"). */
  mcpServer?: McpServerRef;
  /** While (and after) an HTTP tool reads its response: bytes received, and the declared length when there was one. */
  bytesReceived?: number;
  bytesTotal?: number;
  /** The result was recorded earlier in the session and the tool did not run (a re-run with recorded results). */
  recorded?: true;
};

export type RunRecord = {
  id: string;
  sessionId: string;
  /** Wall clock at run start; event `t` values are offsets from it. */
  startedAt: number;
  finishedAt: number | null;
  stopReason: StopReason | null;
  usage: Usage;
  error?: ErrorInfo;
  /** Set by crash recovery: the page closed mid-run; stopReason is then 'cancelled'. */
  interrupted?: boolean;
  /**
   * 'order': read off an imported file that gave no times (io/foreign/derive-runs.ts): event `t` values give the
   * order of steps, not their durations. Absent: the times are real.
   */
  timing?: 'order';
};

/** `recovered` marks a run_finished that crash recovery wrote for a run the page never finished. */
export type EventRecord = AgentEvent & { sessionId: string; recovered?: boolean };

export type SettingRecord = { key: string; value: unknown };

/** API keys and header secrets. No export, log or tool ever reads this table. */
export type SecretRecord = { key: string; value: string };

export type MemoryRecord = {
  id: string;
  text: string;
  createdAt: number;
  updatedAt: number;
  sourceSessionId: string | null;
  /** Embedding vector and the model that made it; null when made without an embeddings endpoint. */
  embedding: number[] | null;
  embeddingModel: string | null;
};

/** An exchange as it went over the wire (docs/wire-capture.md), its stored size beside it for the session's bound. */
export type WireExchangeRecord = WireExchange & {
  /** UTF-8 bytes of what the record keeps of the traffic: the request's URL, headers and body, the response's headers and reads. */
  readonly bytes: number;
};
