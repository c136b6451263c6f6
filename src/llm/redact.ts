import { ModelError } from '../agent/errors';

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

/** The same error with its message redacted; the error itself when there was nothing to remove. */
export function redactModelError(err: ModelError, redact: (text: string) => string): ModelError {
  const message = redact(err.info.message);
  if (message === err.info.message) return err;
  return new ModelError({ ...err.info, message }, err.retryable, err.retryAfterMs);
}
