import type { LoopConfig } from '../domain/loop-config';
import type { Usage } from '../domain/messages';
import type { Emit } from './emitter';
import { ModelError } from './errors';
import type { ModelClient, ModelRequest } from './model-client';
import { retryDelayMs, waitTooLongInfo } from './retry';
import { streamAttempt } from './stream-attempt';

/** Sends one summary request and returns its text; throws a ModelError (carrying `info`) when it finally fails. */
export type SummaryRequester = (
  request: ModelRequest,
  signal: AbortSignal,
) => Promise<{ text: string; usage: Usage | null }>;

type SummaryRequesterDeps = {
  model: ModelClient;
  config: Pick<
    LoopConfig,
    'firstByteTimeoutMs' | 'idleTimeoutMs' | 'maxRetries' | 'retryBaseDelayMs' | 'retryMaxDelayMs'
  >;
  emit: Emit;
  /** The turn whose request the summary makes room for. */
  turn: number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  random: () => number;
  newId: () => string;
  clock?: () => number;
};

const aborted = () => new DOMException('The summary request was stopped.', 'AbortError');

/**
 * A compaction summary goes through the chat request's policy (architecture.md, "Compaction summaries"): first-byte and idle
 * timeouts, retries with backoff for the same failures, and events for the timeline. An empty summary is a failure:
 * accepting it would drop the older messages from the request with nothing in their place.
 */
export function summaryRequester(deps: SummaryRequesterDeps): SummaryRequester {
  return async (request, signal) => {
    for (let attempt = 1; ; attempt++) {
      deps.emit({ type: 'summary_started', turn: deps.turn, attempt });
      const outcome = await streamAttempt({
        model: deps.model,
        request,
        signal,
        config: deps.config,
        emit: deps.emit,
        turn: deps.turn,
        attempt,
        messageId: deps.newId(),
        quiet: true,
        ...(deps.clock ? { clock: deps.clock } : {}),
      });
      if (outcome.kind === 'cancelled') throw aborted();
      if (outcome.kind === 'done') {
        const text = outcome.turn.text.trim();
        if (text === '') {
          const error = new ModelError({ fault: 'model', kind: 'empty_response', message: EMPTY_SUMMARY }, false);
          deps.emit({ type: 'summary_failed', turn: deps.turn, attempt, error: error.info, retryInMs: null });
          throw error;
        }
        deps.emit({ type: 'summary_finished', turn: deps.turn, attempt, usage: outcome.turn.usage });
        return { text, usage: outcome.turn.usage };
      }
      const retryInMs = signal.aborted ? null : retryDelayMs(outcome.error, attempt, deps.config, deps.random);
      const info = (retryInMs === null ? waitTooLongInfo(outcome.error) : null) ?? outcome.error.info;
      deps.emit({ type: 'summary_failed', turn: deps.turn, attempt, error: info, retryInMs });
      if (retryInMs === null) {
        if (signal.aborted) throw aborted();
        throw new ModelError(
          { ...info, message: `Compacting the conversation failed, so nothing was removed from it. ${info.message}` },
          false,
        );
      }
      await deps.sleep(retryInMs, signal);
      if (signal.aborted) throw aborted();
    }
  };
}

export const EMPTY_SUMMARY =
  'The model returned an empty summary, so the conversation was not compacted and nothing was removed. Retry, or compact by hand with a larger context limit.';
