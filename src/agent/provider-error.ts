import { contextLimitFromProvider } from './context-limit-error';
import { ModelError, isRetryableStatus } from './errors';

// Error codes/types that mean "try again later" when the provider sends no HTTP-like status.
const TRANSIENT = /rate_limit|overloaded|server_error|unavailable|timeout|timed_out|internal_error|capacity|try_again/i;

const STATUS_KEYS = ['status_code', 'status', 'statusCode', 'http_status'] as const;

/**
 * Turns the `error` value found inside a 200 stream (OpenAI's `{"error":{...}}`, OpenRouter's
 * `{"code":400,"message":...}`, Groq's `event: error` payload) into a ModelError carrying the
 * provider's own message. Retryable only when its status or code says the trouble is transient.
 */
export function providerErrorFromPayload(error: unknown): ModelError {
  let message: string | null = null;
  let status: number | null = null;
  let code: string | null = null;
  if (typeof error === 'string') {
    message = error;
  } else if (typeof error === 'object' && error !== null) {
    const o = error as Record<string, unknown>;
    if (typeof o.message === 'string' && o.message !== '') message = o.message;
    for (const key of STATUS_KEYS) {
      const v = o[key];
      if (typeof v === 'number' && v >= 100 && v < 600) {
        status = v;
        break;
      }
    }
    if (typeof o.code === 'number') {
      // OpenRouter puts the HTTP status in `code`.
      if (status === null && o.code >= 100 && o.code < 600) status = o.code;
      code = String(o.code);
    } else if (typeof o.code === 'string' && o.code !== '') {
      code = o.code;
    } else if (typeof o.type === 'string' && o.type !== '') {
      code = o.type;
    }
  }
  const tooLong = contextLimitFromProvider(status, code, message ?? '');
  if (tooLong) return new ModelError(tooLong, false);
  const retryable = status !== null ? isRetryableStatus(status) : code !== null && TRANSIENT.test(code);
  return new ModelError(
    {
      fault: 'system',
      kind: 'provider_stream_error',
      status,
      code,
      message: message ?? 'The provider reported an error in the middle of the reply.',
    },
    retryable,
  );
}
