import { internalError } from './errors';
import type { ErrorInfo } from '../domain/error-info';
import type { PromptLayer } from '../domain/prompt-layer';
import type { ChatMessage, SystemMessage, Usage } from '../domain/messages';
import type { ToolSpec } from './tool-executor';
import type { SummaryRequester } from './summary-request';

/** `usage`: what writing the summary cost; the run adds it to its own usage. */
type ContextCompaction = {
  summary: SystemMessage;
  removedMessageIds: string[];
  tokensBefore: number;
  tokensAfter: number;
  usage?: Usage;
};

export type ContextPrepared = {
  /** A summary to append before this request (its `summaryOf` ids drop out of the request). */
  compaction: ContextCompaction | null;
  systemLayers?: PromptLayer[];
  /** The request's estimated prompt tokens, after any compaction. */
  estimatedTokens?: number;
  /** The same estimate before the provider correction (recorded so a later reader can recompute the correction). */
  rawEstimatedTokens?: number;
  limitTokens?: number;
};

/**
 * Optional budget keeper the loop asks before every model request (context/ implements it: architecture.md, layers). It may compact,
 * or throw an error carrying a `context_limit` ErrorInfo to end the run cleanly.
 */
export type ContextHook = {
  /** `send` writes a compaction summary under the run's request policy (agent/summary-request.ts). */
  beforeRequest(
    history: readonly ChatMessage[],
    systemPrompt: string,
    tools: readonly ToolSpec[],
    signal: AbortSignal,
    send?: SummaryRequester,
  ): Promise<ContextPrepared>;
  /** The provider's prompt token count for the request that was estimated at `estimated`. */
  observeUsage(estimated: number, reported: number): void;
};

/** The ErrorInfo a failed beforeRequest carries (a context-limit or model error); anything else is Toolscope's own failure. */
export function contextFailureInfo(e: unknown): ErrorInfo {
  if (typeof e === 'object' && e !== null && 'info' in e) {
    const info = (e as { info: unknown }).info;
    if (typeof info === 'object' && info !== null && 'kind' in info && 'fault' in info && 'message' in info)
      return info as ErrorInfo;
  }
  return internalError('compaction', 'Compacting the conversation failed', e);
}
