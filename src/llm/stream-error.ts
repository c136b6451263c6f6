import { ModelError, isRetryableStatus } from '../agent/errors';

// Codes providers use for transient trouble when they send no HTTP-like status with the error.
const TRANSIENT_CODE = /rate_limit|overloaded|server_error|service_unavailable|unavailable|timeout|timed_out|internal_error|capacity|try_again/i;

type Fields = { message: string | null; status: number | null; code: string | null };

function readFields(value: unknown): Fields {
  const fields: Fields = { message: null, status: null, code: null };
  if (typeof value === 'string') {
    fields.message = value;
    return fields;
  }
  if (typeof value !== 'object' || value === null) return fields;
  const o = value as Record<string, unknown>;
  if (typeof o.message === 'string') fields.message = o.message;
  for (const key of ['status_code', 'status', 'statusCode', 'http_status']) {
    const v = o[key];
    if (typeof v === 'number' && v >= 100 && v < 600) {
      fields.status = v;
      break;
    }
  }
  const code = o.code;
  if (typeof code === 'number') {
    // OpenRouter puts the HTTP status in `code` ({"code":400,"message":"Token limit reached"}).
    if (fields.status === null && code >= 100 && code < 600) fields.status = code;
    fields.code = String(code);
  } else if (typeof code === 'string' && code !== '') {
    fields.code = code;
  } else if (typeof o.type === 'string' && o.type !== '') {
    fields.code = o.type;
  }
  return fields;
}

/**
 * A provider error reported inside a 200 stream: an `event: error`, or a chunk carrying `error`
 * (`payload` is the whole parsed data object, or the raw data text when it was not JSON).
 */
export function providerStreamError(payload: unknown, redact: (text: string) => string = (t) => t): ModelError {
  let fields = readFields(payload);
  if (typeof payload === 'object' && payload !== null && 'error' in payload) {
    const inner = readFields((payload as { error: unknown }).error);
    fields = {
      message: inner.message ?? fields.message,
      status: inner.status ?? fields.status,
      code: inner.code ?? null,
    };
  }
  const retryable = fields.status !== null ? isRetryableStatus(fields.status) : fields.code !== null && TRANSIENT_CODE.test(fields.code);
  const message = redact(fields.message ?? 'The provider reported an error in the middle of the reply.');
  return new ModelError({ fault: 'system', kind: 'provider_stream_error', status: fields.status, code: fields.code, message }, retryable);
}
