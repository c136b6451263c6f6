import type { LoopConfig } from './config';
import type { ModelError } from './errors';

/**
 * How long to wait before retry number `attempt` (1 = the first retry), or null when the error
 * must not be retried. A server's Retry-After wins; otherwise exponential backoff with jitter
 * (half fixed, half random, so clients that failed together do not retry together).
 */
export function retryDelayMs(
  error: ModelError,
  attempt: number,
  config: Pick<LoopConfig, 'maxRetries' | 'retryBaseDelayMs' | 'retryMaxDelayMs'>,
  random: () => number,
): number | null {
  if (!error.retryable || attempt > config.maxRetries) return null;
  if (error.retryAfterMs !== null && error.retryAfterMs >= 0) return Math.ceil(error.retryAfterMs);
  const exp = Math.min(config.retryMaxDelayMs, config.retryBaseDelayMs * 2 ** (attempt - 1));
  return Math.round(exp / 2 + (random() * exp) / 2);
}

/** Resolves after `ms`, or early (without rejecting) when `signal` aborts. */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
