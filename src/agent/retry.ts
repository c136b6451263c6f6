import type { LoopConfig } from '../domain/loop-config';
import type { ModelError } from './errors';
import type { ErrorInfo } from '../domain/error-info';

/** The longest Retry-After the loop honours; a provider asking for more gets a clear error instead of a sleeping tab. */
export const MAX_RETRY_AFTER_MS = 60_000;

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
  if (error.retryAfterMs !== null && error.retryAfterMs > MAX_RETRY_AFTER_MS) return null;
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

/**
 * The error to report for a retryable failure whose server asked for a longer wait than
 * MAX_RETRY_AFTER_MS: the same info, its message saying how long and why the loop stopped.
 * Null when the wait (if any) is one the loop honours.
 */
export function waitTooLongInfo(error: ModelError): ErrorInfo | null {
  const wait = error.retryAfterMs;
  if (!error.retryable || wait === null || wait <= MAX_RETRY_AFTER_MS) return null;
  const note =
    `The provider asked to wait ${formatWait(wait)} before trying again, longer than the ${MAX_RETRY_AFTER_MS / 1000} ` +
    `s Toolscope waits, so the request was not retried. Try again later.`;
  return { ...error.info, message: `${error.info.message} ${note}` };
}

/** 90 s, 25 min, 3 h: the unit a person reads a wait in. */
export function formatWait(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 120) return `${s} s`;
  if (s < 3600) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 3600)} h`;
}
