import type { ErrorInfo } from './error-info';
import type { PromptLayer } from './prompt-layer';
import type { StopReason } from './stop-reason';
import type { ChatMessage, ToolOutcome, Usage } from './messages';
import type { ProviderToolCall } from './provider-items';
import type { PausePoint } from './breakpoints';
import type { LeftOutNote } from './left-out-note';
import type { McpProgress, McpSamplingUse, McpServerRef, McpWireMessage } from './mcp-call-trace';

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call' | string;

/**
 * What a run reports as it goes (architecture.md, "The event spine"): the loop and its parts emit these. `turn`
 * counts model requests that made it into history, from 1.
 */
export type RunEventBody =
  | { type: 'run_started'; sessionId: string; model: string; startedAt: number }
  /** A message entered the history (the user's input, a finished assistant turn, a tool result). */
  | { type: 'message_appended'; message: ChatMessage }
  | {
      type: 'request_started';
      turn: number;
      attempt: number;
      messageId: string;
      /** The system prompt's layers exactly as sent, when the run assembled them (context/system-prompt.ts). */
      systemLayers?: PromptLayer[];
      /** Estimated prompt tokens of this request and the context window it was measured against. */
      contextTokens?: number;
      contextLimit?: number;
      /** contextTokens before the provider correction, counted the same way: what the next report is compared with. */
      contextTokensRaw?: number;
      /**
       * Content hash of the tools this request offered (architecture.md, "Offered tool sets"): the session's
       * `toolSets` row with this hash holds them. Absent on requests made before tool sets were recorded.
       */
      toolSet?: string;
      /** The person edited this request at a pause before it was sent (architecture.md, "Breakpoints"). */
      edited?: true;
    }
  /**
   * What the body of the attempt's request left out of the history, and why (docs/wire-formats.md, "What is kept
   * verbatim"): said once the client built the body, after its request_started; only when something was left out.
   */
  | { type: 'request_left_out'; turn: number; attempt: number; messageId: string; notes: LeftOutNote[] }
  | { type: 'first_token'; turn: number; attempt: number }
  /** The request that writes a compaction summary before `turn`'s request: same retry and timeouts as a chat request. */
  | { type: 'summary_started'; turn: number; attempt: number }
  | { type: 'summary_finished'; turn: number; attempt: number; usage: Usage | null }
  | { type: 'summary_failed'; turn: number; attempt: number; error: ErrorInfo; retryInMs: number | null }
  | { type: 'text_delta'; turn: number; messageId: string; delta: string }
  | { type: 'reasoning_delta'; turn: number; messageId: string; delta: string }
  | {
      type: 'tool_call_delta';
      turn: number;
      messageId: string;
      index: number;
      id: string;
      name: string;
      argumentsDelta: string;
    }
  /** A tool the provider runs (Responses API: web search, code interpreter, ...) appeared or changed status. */
  | { type: 'provider_tool_updated'; turn: number; messageId: string; item: ProviderToolCall }
  | { type: 'request_finished'; turn: number; attempt: number; finishReason: FinishReason | null; usage: Usage }
  | { type: 'request_failed'; turn: number; attempt: number; error: ErrorInfo; retryInMs: number | null }
  | {
      type: 'tool_started';
      turn: number;
      callId: string;
      name: string;
      arguments: string;
      /** The MCP server the tool belongs to (architecture.md, "MCP in the app"). */
      mcpServer?: McpServerRef;
      /** The person edited the arguments at a pause; `arguments` are the edited ones. */
      edited?: true;
      /** The call this one ran inside (an imported trace's span under another tool's span); absent at the top. */
      parentCallId?: string;
    }
  | {
      type: 'tool_finished';
      turn: number;
      callId: string;
      name: string;
      outcome: ToolOutcome;
      durationMs: number;
      /** What the model reads. */
      result: string;
      isError: boolean;
      /** Set when the arguments failed JSON parsing or schema validation. */
      validationErrors?: { path: string; message: string }[];
      /** Which check the arguments passed or failed; the persister stores it on the tool call row. */
      validation?: 'ok' | 'invalid_json' | 'schema' | 'unknown_tool';
      logs?: { level: string; text: string; t: number }[];
      /** An MCP call's JSON-RPC messages, every round of it. */
      mcpMessages?: McpWireMessage[];
      /** Model requests the call's server had the page run (legacy MCP sampling); in the run's usage already. */
      sampling?: McpSamplingUse[];
      /** The result was recorded earlier in the session and the tool did not run (a re-run with recorded results). */
      recorded?: true;
      /** The person edited the result at a pause, or answered the call by hand; `result` is what the model reads. */
      edited?: true;
    }
  /**
   * A running tool's progress (architecture.md, "Live tool progress"): console lines new since the last one and the
   * bytes of the response received so far. Only between the call's tool_started and tool_finished, throttled.
   */
  | {
      type: 'tool_progress';
      turn: number;
      callId: string;
      logs?: { level: string; text: string; t: number }[];
      bytesReceived?: number;
      bytesTotal?: number;
      /** An MCP call's latest progress report. */
      mcpProgress?: McpProgress;
    }
  /** `repeat`: the pause of the repeated-call guard, at this occurrence of the same call in the run (not an approval of the tool). */
  | { type: 'approval_requested'; turn: number; callId: string; name: string; arguments: string; repeat?: number }
  /** `by`: the standing answer (scope or rule) that settled it; absent when the person answered. */
  | {
      type: 'approval_resolved';
      turn: number;
      callId: string;
      decision: 'approved' | 'denied' | 'edited';
      arguments: string;
      by?: string;
    }
  | {
      type: 'context_compacted';
      turn: number;
      removedMessageIds: string[];
      summaryMessageId: string;
      tokensBefore: number;
      tokensAfter: number;
    }
  /** The run waits at a breakpoint (architecture.md, "Breakpoints"); nothing is in flight until `run_resumed`. */
  | { type: 'run_paused'; point: PausePoint }
  | { type: 'run_resumed'; turn: number; action: 'continue' | 'step' | 'stop'; edited?: true }
  | { type: 'run_finished'; stopReason: StopReason; usage: Usage; error?: ErrorInfo };

/**
 * The run goes on in a new branch after `forkMessageId` (an argument edit at a pause, architecture.md "Breakpoints"):
 * what came before stays on the branch it was on, `leftMessageIds` (the call as the model made it, answered "not
 * run") among it. The run's writer makes it from the loop's argument edit (db/branch-on-edit.ts); it is stored.
 */
type BranchStartedBody = { type: 'branch_started'; branchId: string; forkMessageId: string; leftMessageIds: string[] };

/**
 * The one ordered stream a run stores: the store, the persister and the timeline all read it; nothing else reports
 * progress.
 */
export type AgentEventBody = RunEventBody | BranchStartedBody;

export type AgentEventType = AgentEventBody['type'];

export type AgentEvent = AgentEventBody & {
  runId: string;
  /** 0-based, gap-free within a run. */
  seq: number;
  /** ms since the run started (monotonic clock). */
  t: number;
};

export type EventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;

export type EventSink = (event: AgentEvent) => void;
