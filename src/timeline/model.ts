import type { McpProgress, McpServerRef, McpWireMessage } from '../domain/mcp-call-trace';
import type { ErrorInfo } from '../domain/error-info';
import type { LeftOutNote } from '../domain/left-out-note';
import type { FinishReason } from '../domain/run-events';
import type { StopReason } from '../domain/stop-reason';
import type { ToolOutcome, Usage } from '../domain/messages';

/**
 * The timeline's view of a session, built from the event stream alone.
 * All times are ms since the owning run started (the events' `t`), so a run can be
 * placed anywhere on the session axis without touching its contents.
 */

/** A tool call or model attempt that has not ended yet in a run that is still going. */
export type CallOutcome = ToolOutcome | 'running';

export type AttemptOutcome = 'ok' | 'error' | 'timeout' | 'cancelled' | 'interrupted' | 'running';

export type ModelAttempt = {
  attempt: number;
  messageId: string;
  /**
   * When the turn became ready to send (run start, or the end of the previous turn's last tool or request);
   * the gap up to `start` is the request queued (context preparation, compaction, scheduling).
   * null for an attempt that follows a failed one: its wait is the retry's backoff, marked on its own.
   */
  queuedAt: number | null;
  start: number;
  /** null until (or unless) the first token arrived. */
  firstTokenAt: number | null;
  /** null while the request is still open. */
  end: number | null;
  outcome: AttemptOutcome;
  /** The loop will retry: the attempt failed but the turn goes on. */
  retrying: boolean;
  /** Backoff announced by request_failed; the gap ends at the next attempt (or start + retryInMs). */
  retryInMs: number | null;
  error: ErrorInfo | null;
  finishReason: FinishReason | null;
  /** The person edited this request at a pause before it was sent (architecture.md, "Breakpoints"). */
  edited?: true;
  /** What this request left out of the history and why (docs/wire-formats.md, "What is kept verbatim"). */
  leftOut?: LeftOutNote[];
  usage: Usage | null;
};

type ApprovalWait = {
  start: number;
  end: number | null;
  decision: 'approved' | 'denied' | 'edited' | null;
  /** The standing answer (scope or rule) that settled it; null when the person answered or it still waits. */
  by: string | null;
};

type CallLogLine = { level: string; text: string; t: number };

export type CallModel = {
  callId: string;
  runId: string;
  turn: number;
  /** The assistant message that asked for the call ('' when no event named it). */
  messageId: string;
  name: string;
  arguments: string;
  /** First moment the call exists on the chart: approval request or start. */
  start: number;
  /** When execution began (null when it never ran, e.g. denied). */
  runStart: number | null;
  end: number | null;
  approval: ApprovalWait | null;
  outcome: CallOutcome;
  durationMs: number | null;
  result: string | null;
  isError: boolean;
  validationErrors: { path: string; message: string }[];
  logs: CallLogLine[];
  /** Which occurrence of the same tool with the same arguments in the run this call is; absent for a first. */
  repeat?: number;
  /** The person edited its arguments or its result at a pause, or answered it by hand. */
  edited?: true;
  /** Lane within its turn; parallel calls get different lanes. */
  lane: number;
  /** The call (or span) this one ran inside, e.g. an imported trace's span under a tool's span; absent at the top. */
  parentCallId?: string;
  /** Set for tools the provider ran (Responses API); absent for tools the browser ran. */
  runBy?: 'provider';
  /** An MCP server's tool: which server, in which revision, and the call's JSON-RPC messages (every round). */
  mcpServer?: McpServerRef;
  /** Bytes of an HTTP response received so far (live tool progress), and its declared length. */
  bytesReceived?: number;
  bytesTotal?: number;
  /** An MCP call's latest progress report (from its tool_progress events). */
  mcpProgress?: McpProgress;
  mcpMessages?: McpWireMessage[];
  /** Model requests the call's server had the page run (legacy MCP sampling), in run time: drawn under the call. */
  sampling?: SamplingBar[];
};

type SamplingBar = { start: number; end: number; model: string; usage: Usage };

type CompactionMarker = {
  t: number;
  turn: number;
  tokensBefore: number;
  tokensAfter: number;
  removed: number;
};

/** One attempt at writing a compaction summary; retried and timed like a model request. */
type SummaryAttempt = {
  attempt: number;
  start: number;
  /** null while the request is still open. */
  end: number | null;
  outcome: AttemptOutcome;
  retrying: boolean;
  error: ErrorInfo | null;
};

export type TurnModel = {
  /** The run's own count, from 1 (0: a manual compaction's, before any request). */
  turn: number;
  /** The turn's number in the session, continuing across runs (see session-turns.ts); 0 for turn 0. */
  sessionTurn: number;
  /** The message id of the attempt that made it into history (last attempt otherwise). */
  messageId: string;
  attempts: ModelAttempt[];
  calls: CallModel[];
  laneCount: number;
  compactions: CompactionMarker[];
  /** Requests that wrote a compaction summary before this turn's request (absent: none). */
  summaries?: SummaryAttempt[];
  /** Usage of the successful request for this turn. */
  usage: Usage | null;
};

export type RunPhase = 'live' | 'finished' | 'interrupted';

export type RunModel = {
  runId: string;
  index: number;
  model: string;
  /** Wall clock at run start. */
  startedAt: number;
  /** Run length in ms; for a live run, up to `now`. */
  duration: number;
  state: RunPhase;
  stopReason: StopReason | null;
  usage: Usage;
  error: ErrorInfo | null;
  turns: TurnModel[];
  /** Read off an imported file without times (db/records.ts `timing`): bars show the order of steps, not durations. */
  orderOnly?: true;
};

export type TimelineModel = {
  sessionId: string;
  runs: RunModel[];
};
