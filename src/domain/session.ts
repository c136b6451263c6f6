import type { Breakpoints } from './breakpoints';
import type { ModelComparison } from './model-comparison';
import type { ErrorInfo } from './error-info';
import type { LoopConfig } from './loop-config';
import type { Usage } from './messages';
import type { ProviderToolKind } from './provider-items';

/** Which wire format a session's requests use. */
export type ApiFormat = 'chat' | 'responses' | 'anthropic' | 'gemini';
import type { Branch } from './branches';
import type { StopReason } from './stop-reason';

/** What the session list shows; kept light so the sidebar never loads messages. The one list of them: the export
 * schema and the trace import read it (architecture.md, "Where each concept lives"). */
export const SESSION_STATUSES = [
  'idle',
  'generating',
  'running_tools',
  'awaiting_approval',
  'finished',
  'failed',
  'cancelled',
  'interrupted',
] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** The statuses of a session whose run is under way (in this tab, another tab, or a page that closed mid-run). */
export const LIVE_STATUSES: readonly SessionStatus[] = ['generating', 'running_tools', 'awaiting_approval'];

export function isLiveStatus(status: SessionStatus | null | undefined): boolean {
  return status !== null && status !== undefined && LIVE_STATUSES.includes(status);
}

export type SessionSettings = Partial<Omit<LoopConfig, 'model'>> & {
  systemPrompt?: string;
  /** Context window override in tokens (context/model-limits.ts otherwise guesses it from the model). */
  contextLimit?: number;
  /** Absent: Responses for OpenAI's own endpoint, Chat Completions elsewhere (llm/api-format.ts). */
  apiFormat?: ApiFormat;
  /** Tools the provider runs (Responses only). */
  providerTools?: ProviderToolKind[];
  /** Opt-in: let the provider store responses and continue from previous_response_id. Off: stateless. */
  providerStorage?: boolean;
  /** The remote MCP server the provider calls when `mcp` is among providerTools. */
  remoteMcpUrl?: string;
  /** The vector store file search reads when `file_search` is among providerTools. */
  vectorStoreId?: string;
  /** false: requests carry no `tools` field (for models that refuse tools). Absent: on. */
  toolsEnabled?: boolean;
  /** false: no memory recall and no `remember` tool. Absent: on. */
  memoryEnabled?: boolean;
  thinkingBudget?: number;
  maxOutputTokens?: number;
  cachePrompt?: boolean;
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
  /** The last run stopped at a loop limit: the chat offers Continue after a reload and in other tabs too. Absent: it did not. */
  limitStop?: LimitStop;
  /** Where the session's requests went (architecture.md, "Sessions keep their endpoint"); never a key. Absent: not yet known. */
  endpoint?: SessionEndpoint;
  /** Steps tried on other models (architecture.md, "Try on other models"); absent: none. */
  comparisons?: ModelComparison[];
  /** The session's branches (domain/branches.ts); absent: one straight path. */
  branches?: Branch[];
  /** The branch shown and continued; absent: the root. */
  activeBranchId?: string;
  /** Set on a session made by Fork: the session and message it was forked from, and that session's title then. */
  forkedFrom?: ForkSource;
  /** Made by importing an OpenTelemetry trace (io/otlp/otlp-import.ts): shown read-only, never continued. */
  importedTrace?: boolean;
  /**
   * Made by a suite run for one case on one model (architecture.md, "Test cases and suites"): left out of the
   * Sessions list unless "Show test runs" is on, and out of an export of all sessions; its Results cell opens it.
   */
  evalRun?: EvalRunMark;
  /**
   * Opened from the trace inbox (architecture.md, "Trace inbox") and not kept: left out of the Sessions list, of an
   * export of all sessions and of sync until "Keep a copy" clears it. Its source and trace.
   */
  openedTrace?: OpenedTraceMark;
  /** Where its runs pause (architecture.md, "Breakpoints"); absent: nowhere. */
  breakpoints?: Breakpoints;
};

export type OpenedTraceMark = { sourceId: string; traceId: string };

/**
 * One of the person's own sessions: not a suite run's (`evalRun`, unless `withTestRuns`) and never a trace opened
 * from the inbox and not kept (`openedTrace`). The Sessions list, an export of all sessions and sync show only these.
 */
export function isOwnSession(s: Pick<SessionRecord, 'evalRun' | 'openedTrace'>, withTestRuns = false): boolean {
  return s.openedTrace === undefined && (withTestRuns || s.evalRun === undefined);
}

/** The suite and suite run a test-run session belongs to. */
export type EvalRunMark = { suiteId: string; runId: string };

/** The endpoint a session talks to; keys stay global and are never stored with a session. */
export type SessionEndpoint = { baseURL: string };

/** Same endpoint, whatever the trailing slashes or letter case of scheme and host. */
export function sameBaseURL(a: string, b: string): boolean {
  return baseURLIdentity(a) === baseURLIdentity(b);
}

/** One spelling per endpoint (scheme and host lower-cased, no trailing slashes): what keys and comparisons use. */
export function baseURLIdentity(u: string): string {
  const t = u.trim().replace(/\/+$/, '');
  try {
    const url = new URL(t);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return t;
  }
}

/** The stop reasons a person can continue past. */
export const LIMIT_STOPS = ['max_turns', 'max_tool_calls'] as const satisfies readonly StopReason[];
export type LimitStop = (typeof LIMIT_STOPS)[number];

export function isLimitStop(reason: string | null | undefined): reason is LimitStop {
  return typeof reason === 'string' && (LIMIT_STOPS as readonly string[]).includes(reason);
}

export type ForkSource = { sessionId: string; messageId: string; title: string };

/** The status a session shows once its run ended: the store (live) and the persister (stored) both use this. */
export function statusAfterStop(reason: StopReason): SessionStatus {
  switch (reason) {
    case 'cancelled':
      return 'cancelled';
    case 'error':
      return 'failed';
    default:
      return 'finished';
  }
}
