import type { McpProgress, McpSamplingUse, McpServerRef, McpWireMessage } from '../domain/mcp-call-trace';
import type { ApprovalKey } from '../domain/approval-scopes';
import type { MessageImage } from '../domain/messages';
import type { OfferedToolSource } from '../domain/offered-tools';
import type { WireSink } from '../domain/wire-exchange';

/** What the model sees of a tool (an OpenAI function tool). */
export type ToolSpec = {
  name: string;
  description: string;
  /** JSON Schema, type object. */
  parameters: Record<string, unknown>;
};

export type ValidationIssue = { path: string; message: string };

export type ToolLog = { level: 'log' | 'info' | 'warn' | 'error'; text: string; t: number };

/**
 * An MCP call's JSON-RPC messages, for the timeline, the images its result holds for the model, and the model
 * requests its server asked for while it ran (sampling, counted in the run's usage); absent for other tools.
 */
type WireTrace = {
  mcpMessages?: McpWireMessage[];
  images?: MessageImage[];
  sampling?: McpSamplingUse[];
  /** The answer was recorded earlier in the session and the tool did not run (agent/recorded-tools.ts). */
  recorded?: true;
};

/** The result of running a tool; `content` is what the model reads (already cut at the output limit). */
export type ToolRunResult =
  | ({ outcome: 'ok'; content: string; logs: ToolLog[] } & WireTrace)
  | ({ outcome: 'error'; content: string; logs: ToolLog[] } & WireTrace);

/**
 * What a tool reports while it runs (architecture.md, "Live tool progress"): a console line, the bytes received so
 * far, or an MCP server's progress report (the latest one counts).
 */
export type ToolProgress =
  | { kind: 'log'; log: ToolLog }
  | { kind: 'bytes'; received: number; total: number | null }
  | { kind: 'mcp'; progress: McpProgress };

export type ToolRunContext = {
  signal: AbortSignal;
  timeoutMs: number;
  callId: string;
  /** Lifts the tool timeout for the rest of this call: work the server runs as a task is not cut by it (Stop still is). */
  suspendTimeout?: () => void;
  /** Called as the tool makes progress; the loop throttles what it passes on. Absent: nobody is watching. */
  onProgress?: (progress: ToolProgress) => void;
  /** Where the HTTP exchanges the call makes go (docs/wire-capture.md, "Tools"). Absent: nothing is captured. */
  capture?: WireSink;
};

/**
 * A tool the loop can call. Validation lives with the tool (ajv is compiled once per tool); it may answer
 * asynchronously, because on the page the schema is compiled and checked in a worker (the page's CSP forbids eval).
 */
export interface ToolHandle {
  spec: ToolSpec;
  /** Per-tool timeout override; the run's default applies when absent. */
  timeoutMs?: number;
  needsApproval: boolean;
  /** What the person's standing answers for this tool are kept under; its name when absent (architecture.md, "Approvals"). */
  approvalKey?: ApprovalKey;
  /** Set for an MCP server's tool: the timeline names the server and its revision from the call's start. */
  mcpServer?: McpServerRef;
  /** Where the tool came from, as the request's recorded tool set says (domain/offered-tools.ts). Absent: from
   * `mcpServer` when set, else a tool the person made. */
  source?: OfferedToolSource;
  /** An MCP call's messages so far, read when the loop gives up on a call (Stop, timeout) before it answered. */
  wireMessages?: (callId: string) => McpWireMessage[] | undefined;
  validate(args: unknown): Promise<ValidationIssue[]> | ValidationIssue[];
  /** Must honour `ctx.signal`; a tool that ignores it is abandoned by the loop and its late result dropped. */
  run(args: unknown, ctx: ToolRunContext): Promise<ToolRunResult>;
}

export interface ToolExecutor {
  /** Enabled tools, in the order they are offered to the model. */
  list(): ToolHandle[];
  get(name: string): ToolHandle | undefined;
}

/** `by` names the standing answer that settled the call; absent, the person answered it. */
export type ApprovalDecision =
  | { decision: 'approve'; by?: string }
  | { decision: 'deny'; reason?: string; by?: string }
  | { decision: 'edit'; arguments: string };

/**
 * Asked before running a tool with `needsApproval`, and before a repeated call (`repeat`: which occurrence of the same
 * tool with the same arguments in the run; architecture.md, "Repeated-call guard"). Rejects or settles 'deny' when
 * `signal` aborts. A standing answer never settles a repeated call: the person is asked.
 */
export type ApprovalGate = (
  call: {
    callId: string;
    name: string;
    arguments: string;
    key?: ApprovalKey;
    schema?: Record<string, unknown>;
    repeat?: number;
  },
  signal: AbortSignal,
) => Promise<ApprovalDecision>;
