import { contextLimitFromProvider } from './context-limit-error';
import { ModelError, isRetryableStatus } from './errors';
import { cutErrorText } from './error-text';

// Error codes/types that mean "try again later" when the provider sends no HTTP-like status.
const TRANSIENT = /rate_limit|overloaded|server_error|unavailable|timeout|timed_out|internal_error|capacity|try_again/i;

const STATUS_KEYS = ['status_code', 'status', 'statusCode', 'http_status'] as const;

// A code is an identifier ("rate_limit_exceeded"); the export schema holds it to 256 characters.
const CODE_LIMIT_BYTES = 200;

/**
 * Turns the `error` value found inside a 200 stream (OpenAI's `{"error":{...}}`, OpenRouter's
 * `{"code":400,"message":...}`, Groq's `event: error` payload) into a ModelError carrying the
 * provider's own message. Retryable only when its status or code says the trouble is transient.
 * `redact` runs before the text is cut, so a key straddling the cut cannot survive in part.
 */
export function providerErrorFromPayload(error: unknown, redact: (text: string) => string = (t) => t): ModelError {
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
  // Bounded before anything reads them (the context-limit check below included): this text is stored and shown.
  if (message !== null) message = cutErrorText(redact(message));
  if (code !== null) code = cutErrorText(redact(code), CODE_LIMIT_BYTES);
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
