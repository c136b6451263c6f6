import type { LoopConfig } from '../agent/config';
import type { ErrorInfo } from '../agent/errors';
import type { AgentEvent, StopReason } from '../agent/events';
import type { ChatMessage, ToolOutcome, Usage } from '../agent/messages';

/** What the session list shows; kept light so the sidebar never loads messages. */
export type SessionStatus =
  | 'idle'
  | 'generating'
  | 'running_tools'
  | 'awaiting_approval'
  | 'finished'
  | 'failed'
  | 'cancelled'
  | 'interrupted';

export type SessionSettings = Partial<Omit<LoopConfig, 'model'>> & {
  systemPrompt?: string;
  /** Context window override in tokens (issue 8). */
  contextLimit?: number;
};

export type SessionRecord = {
  id: string;
  title: string;
  model: string;
  status: SessionStatus;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
  toolCallCount: number;
  usage: Usage;
  settings: SessionSettings;
  lastError?: ErrorInfo;
};

/** A history message; `order` keeps the conversation order within the session. */
export type MessageRecord = ChatMessage & { sessionId: string; order: number };

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
};

/** `recovered` marks a run_finished that crash recovery wrote for a run the page never finished. */
export type EventRecord = AgentEvent & { sessionId: string; recovered?: boolean };

export type ToolKind = 'code' | 'http' | 'builtin';

export type HttpHeader = {
  name: string;
  /** Empty when `secret` is true: the value lives in the secrets table and is never exported. */
  value: string;
  secret: boolean;
};

export type HttpToolSpec = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `{name}` placeholders are filled from the arguments, URL-encoded. */
  urlTemplate: string;
  headers: HttpHeader[];
  /** JSON text with `{{name}}` placeholders replaced by JSON-encoded argument values; null for no body. */
  bodyTemplate: string | null;
  responseType: 'json' | 'text';
};

export type ToolDefinition = {
  id: string;
  name: string;
  description: string;
  /** JSON Schema of type object. */
  parameters: Record<string, unknown>;
  kind: ToolKind;
  /** kind 'code': the body of an async function receiving `args`. */
  code: string | null;
  /** kind 'http'. */
  http: HttpToolSpec | null;
  /** kind 'builtin': which built-in. */
  builtinId: string | null;
  /** Origins a code tool may fetch; empty means no network. */
  allowedOrigins: string[];
  timeoutMs: number | null;
  needsApproval: boolean;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
  /** kind 'builtin' fetch_url: may reach loopback, private and link-local addresses. Absent (older rows) means no. */
  allowPrivateAddresses?: boolean;
};

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
