import type { ApprovalKey } from '../../domain/approval-scopes';
import type { ErrorInfo } from '../../domain/error-info';
import type { EventSink } from '../../domain/run-events';
import type { RunInput, RunResult } from '../../agent/loop';
import type { ChatMessage } from '../../domain/messages';
import type { ModelClient } from '../../agent/model-client';
import type { WireSettings } from '../../llm/api-format';

/**
 * A run's endpoint opened by the endpoint door (store/settings/endpoint-door.ts): whether it can be asked (a saved
 * key, or none needed), the client of the session's API, and recall's embeddings. The key stays inside.
 */
export type OpenedRunEndpoint = ContextEndpoint & { ready: boolean; client: ModelClient };
import type { ToolExecutor } from '../../agent/tool-executor';
import type { ContextHook } from '../../agent/context-hook';
import type { PromptLayer } from '../../domain/prompt-layer';
import type { RunContextArgs, RunEndpoint as ContextEndpoint } from '../../context/run-context';
import type { AcquireResult } from '../../db/run-lock';
import type { SessionEndpoint, SessionRecord } from '../../domain/session';
import type { UnsavedRecords } from '../../db/persister';
import type { OfferedTool } from '../../domain/offered-tools';
import type { WireExchange } from '../../domain/wire-exchange';

/**
 * What the controller hands runAgent: the loop's own input (src/agent/loop.ts) minus the knobs only tests of
 * the loop set (clock, ids, sleep, randomness), so a field the loop gains reaches the controller's type too.
 */
export type RunAgentInput = Omit<RunInput, 'clock' | 'now' | 'sleep' | 'random' | 'newId'>;

type RunAgentResult = RunResult;

export type RunPersister = {
  emit: EventSink;
  /**
   * Writes what is buffered now and goes on taking the run's events: the page being hidden flushes a run that is
   * still streaming, and the tab watching it reads what comes next from storage (architecture.md, "Nothing lost").
   * After a storage failure, calling it again retries what is still unsaved.
   */
  flush(): Promise<void>;
  /** The run is over: writes what is buffered, and events after it are not stored. Absent: flush is the last write. */
  close?(): Promise<void>;
  /** True while some of the run is only in memory (the last write failed). Absent: always saved. */
  unsaved?(): boolean;
  /** What is only in memory (for Export after a storage failure); null or absent: nothing. */
  unsavedRecords?(): UnsavedRecords | null;
  /** Keeps a tool set a request of the run offers (architecture.md, "Offered tool sets"). Absent: not kept. */
  recordToolSet?(set: { hash: string; tools: OfferedTool[] }): void;
};

/** Everything the run controller reaches outside the store; the app wires the real modules (default-run-deps.ts). */
export type RunDeps = {
  runAgent(input: RunAgentInput): Promise<RunAgentResult>;
  /** Opens the endpoint at `baseURL` in the session's API. */
  openEndpoint(endpoint: { baseURL: string; wire: WireSettings }): Promise<OpenedRunEndpoint>;
  /**
   * `outputLimitBytes`: the session's tool output limit (architecture.md, "Defaults"). `sessionId`: the run's session,
   * which what a tool leaves behind (an MCP task's lane) is stored under.
   */
  createToolExecutor(opts?: { outputLimitBytes?: number; sessionId?: string }): Promise<ToolExecutor>;
  createPersister(sessionId: string, onError: (error: ErrorInfo) => void): RunPersister;
  acquireRunLock(sessionId: string): Promise<AcquireResult>;
  getSession(sessionId: string): Promise<SessionRecord | undefined>;
  loadHistory(sessionId: string): Promise<ChatMessage[]>;
  setTitle(sessionId: string, title: string): Promise<void>;
  /** Records the endpoint a session's runs use. Absent: not recorded. */
  setEndpoint?(sessionId: string, endpoint: SessionEndpoint): Promise<void>;
  getBaseURL(): string;
  newId(): string;
  now(): number;
  /** Repairs what a run of a closed tab left behind; called while holding the session's run lock. Absent: no repair. */
  recoverSession?(sessionId: string): Promise<unknown>;
  /** Ends a run a reload left at a pause, before the run resumed from it starts (db/paused-run.ts). */
  closePausedRun?(sessionId: string, runId: string): Promise<void>;
  /**
   * Keeps a model request's exchange as it went over the wire (docs/wire-capture.md), straight to storage, not through
   * the run's events; must not throw and is never awaited. Absent: nothing is captured.
   */
  recordExchange?(exchange: WireExchange): void;
  /** Told once a run has ended and is stored (the automatic trace push); must not throw and is never awaited. Absent: nothing. */
  afterRun?(sessionId: string, runId: string): void;
  /**
   * A standing answer to a tool's approval request (approval scopes, with their rules on the arguments); absent =
   * always ask. `by` names the scope for the timeline.
   */
  approvalScope?(
    sessionId: string,
    tool: ApprovalKey,
    args: string,
  ): Promise<{ decision: 'approve' | 'deny'; by: string } | null>;
  /** What the session's MCP App Views asked the model to know, as a prompt layer (null: nothing), asked before each request. Absent: none. */
  viewContext?(sessionId: string): Promise<PromptLayer | null>;
  /** Context management (context/): memory recall, the remember tool, the layered system prompt and the context budget; absent = none of them. */
  prepareContext?(args: RunContextArgs): Promise<{ tools: ToolExecutor; systemPrompt: string; context: ContextHook }>;
};
