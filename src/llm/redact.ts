import { ModelError } from '../agent/errors';
import type { ErrorInfo } from '../domain/error-info';

const MASK = '[redacted]';

/**
 * Providers sometimes echo the key back in an error body ("Incorrect API key provided: sk-...").
 * Every message built from provider text passes through this before it can reach the UI, a log or an export.
 */
export function makeRedactor(apiKey: string): (text: string) => string {
  const key = apiKey.trim();
  // A very short "key" (e.g. "x" for a local server) would mangle ordinary words; it is no secret anyway.
  if (key.length < 6) return (text) => text;
  return (text) => (text.includes(key) ? text.split(key).join(MASK) : text);
}

/**
 * The same error with every text field of its info redacted (the message, and a provider's own `code`,
 * which is echoed as-is); the error itself when there was nothing to remove.
 */
export function redactModelError(err: ModelError, redact: (text: string) => string): ModelError {
  let changed = false;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(err.info)) {
    const clean = typeof value === 'string' ? redact(value) : value;
    if (clean !== value) changed = true;
    fields[name] = clean;
  }
  if (!changed) return err;
  // Only string values were replaced by strings, so the shape (and its `kind`) is unchanged.
  return new ModelError(fields as ErrorInfo, err.retryable, err.retryAfterMs);
}
