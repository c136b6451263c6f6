import type { ErrorInfo, InternalStep } from '../domain/error-info';
import { cutErrorText } from './error-text';

/** Reports a bug or a failed internal step, with what was thrown. */
export function internalError(step: InternalStep, what: string, cause: unknown): ErrorInfo {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return { fault: 'system', kind: 'internal', step, message: `${what}: ${cutErrorText(detail)}` };
}

/** A failure of one model request. `retryable` follows architecture.md, "Defaults": network, 408, 409, 429, 5xx only. */
export class ModelError extends Error {
  readonly info: ErrorInfo;
  readonly retryable: boolean;
  /** Server-requested wait (Retry-After), in ms, when it sent one. */
  readonly retryAfterMs: number | null;
  constructor(info: ErrorInfo, retryable: boolean, retryAfterMs: number | null = null) {
    super(info.message);
    this.name = 'ModelError';
    this.info = info;
    this.retryable = retryable;
    this.retryAfterMs = retryAfterMs;
  }
}

export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}
