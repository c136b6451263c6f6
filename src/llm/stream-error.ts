import type { ModelError } from '../agent/errors';
import { providerErrorFromPayload } from '../agent/provider-error';
import { redactModelError } from './redact';

/**
 * A provider error reported inside a 200 stream: an `event: error`, or a chunk carrying `error`.
 * `payload` is the whole parsed data object, or the raw data text when it was not JSON.
 * The reading of status/code/message is shared with the accumulator (agent/provider-error.ts).
 */
export function providerStreamError(payload: unknown, redact: (text: string) => string = (t) => t): ModelError {
  const value =
    typeof payload === 'object' && payload !== null && 'error' in payload
      ? (payload as { error: unknown }).error
      : payload;
  return redactModelError(providerErrorFromPayload(value, redact), redact);
}
