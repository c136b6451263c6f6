import type { SessionDefaults } from '../../store/settings/settings-store';

export type StreamTimeoutKey = 'firstByteTimeoutMs' | 'idleTimeoutMs';

export type StreamTimeoutField = {
  key: StreamTimeoutKey;
  label: string;
  name: string;
  minSeconds: number;
  maxSeconds: number;
};

/**
 * The model request's own timers (the loop's LoopConfig). The upper bound matches the SDK's request timeout
 * (llm/sdk-client.ts), past which a longer wait for the first byte could not happen anyway.
 */
const FIRST_BYTE: StreamTimeoutField = {
  key: 'firstByteTimeoutMs',
  label: 'First byte timeout (s)',
  name: 'first byte timeout',
  minSeconds: 1,
  maxSeconds: 600,
};
const IDLE: StreamTimeoutField = {
  key: 'idleTimeoutMs',
  label: 'Idle timeout (s)',
  name: 'idle timeout',
  minSeconds: 1,
  maxSeconds: 600,
};

export const STREAM_TIMEOUT_FIELDS: readonly StreamTimeoutField[] = [FIRST_BYTE, IDLE];

type SecondsCheck = { ok: true; ms: number } | { ok: false; error: string };

/** Reads what a person typed in seconds; an error says what to type instead. */
export function checkSeconds(text: string, field: StreamTimeoutField): SecondsCheck {
  const range = `from ${field.minSeconds} to ${field.maxSeconds}`;
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: `Enter the ${field.name} in seconds, ${range}.` };
  const seconds = Number(trimmed);
  if (!Number.isFinite(seconds) || seconds < field.minSeconds || seconds > field.maxSeconds) {
    return { ok: false, error: `The ${field.name} must be a number of seconds ${range}.` };
  }
  return { ok: true, ms: Math.round(seconds * 1000) };
}

export type StreamTimeoutTexts = Record<StreamTimeoutKey, string>;

/** What the fields show for stored values. */
export function timeoutTexts(d: Pick<SessionDefaults, StreamTimeoutKey>): StreamTimeoutTexts {
  return { firstByteTimeoutMs: String(d.firstByteTimeoutMs / 1000), idleTimeoutMs: String(d.idleTimeoutMs / 1000) };
}

/** The values to save, or the first field that is wrong. */
export function readTimeouts(
  texts: StreamTimeoutTexts,
): { ok: true; values: Record<StreamTimeoutKey, number> } | { ok: false; key: StreamTimeoutKey } {
  const firstByte = checkSeconds(texts.firstByteTimeoutMs, FIRST_BYTE);
  if (!firstByte.ok) return { ok: false, key: FIRST_BYTE.key };
  const idle = checkSeconds(texts.idleTimeoutMs, IDLE);
  if (!idle.ok) return { ok: false, key: IDLE.key };
  return { ok: true, values: { firstByteTimeoutMs: firstByte.ms, idleTimeoutMs: idle.ms } };
}
