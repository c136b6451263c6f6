import { describe, expect, it } from 'vitest';
import { STREAM_TIMEOUT_FIELDS, checkSeconds, readTimeouts, timeoutTexts } from './stream-timeouts';

const [firstByte, idle] = STREAM_TIMEOUT_FIELDS;

describe('stream timeout fields', () => {
  it('are labelled in seconds, first byte then idle', () => {
    expect(STREAM_TIMEOUT_FIELDS.map((f) => f.label)).toEqual(['First byte timeout (s)', 'Idle timeout (s)']);
  });

  it('read seconds (fractions too) as milliseconds', () => {
    expect(checkSeconds('5', idle!)).toEqual({ ok: true, ms: 5000 });
    expect(checkSeconds(' 2.5 ', idle!)).toEqual({ ok: true, ms: 2500 });
    expect(checkSeconds('600', firstByte!)).toEqual({ ok: true, ms: 600_000 });
  });

  it('say what to type for an empty, out-of-range or non-numeric value', () => {
    expect(checkSeconds('', idle!)).toEqual({ ok: false, error: 'Enter the idle timeout in seconds, from 1 to 600.' });
    expect(checkSeconds('0', idle!)).toEqual({
      ok: false,
      error: 'The idle timeout must be a number of seconds from 1 to 600.',
    });
    expect(checkSeconds('601', firstByte!)).toEqual({
      ok: false,
      error: 'The first byte timeout must be a number of seconds from 1 to 600.',
    });
    expect(checkSeconds('-3', firstByte!).ok).toBe(false);
    expect(checkSeconds('1e9', firstByte!).ok).toBe(false);
    expect(checkSeconds('abc', firstByte!).ok).toBe(false);
  });

  it('round-trip stored values and name the first wrong field', () => {
    const texts = timeoutTexts({ firstByteTimeoutMs: 60_000, idleTimeoutMs: 1_500 });
    expect(texts).toEqual({ firstByteTimeoutMs: '60', idleTimeoutMs: '1.5' });
    expect(readTimeouts(texts)).toEqual({ ok: true, values: { firstByteTimeoutMs: 60_000, idleTimeoutMs: 1_500 } });
    expect(readTimeouts({ ...texts, idleTimeoutMs: '' })).toEqual({ ok: false, key: 'idleTimeoutMs' });
    expect(readTimeouts({ firstByteTimeoutMs: '0', idleTimeoutMs: '' })).toEqual({
      ok: false,
      key: 'firstByteTimeoutMs',
    });
  });
});
