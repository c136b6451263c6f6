import { describe, expect, it } from 'vitest';
import { ERROR_TEXT_LIMIT_BYTES, cutErrorText } from './error-text';
import { providerErrorFromPayload } from './provider-error';

const MB = 1024 * 1024;

describe('cutErrorText', () => {
  it('leaves text within the limit alone', () => {
    const text = 'é'.repeat(ERROR_TEXT_LIMIT_BYTES / 2);
    expect(cutErrorText(text)).toBe(text);
  });

  it('cuts at the byte limit on a character boundary and says how much was dropped', () => {
    const text = `${'a'.repeat(ERROR_TEXT_LIMIT_BYTES - 1)}é${'b'.repeat(100)}`;
    // 'é' is two bytes: it does not fit in the last byte, so the cut comes before it.
    expect(cutErrorText(text)).toBe(
      `${'a'.repeat(ERROR_TEXT_LIMIT_BYTES - 1)}\n…[error text truncated: 102 bytes omitted]`,
    );
  });
});

describe('provider errors inside a stream are bounded before they are stored or shown', () => {
  it('a 1 MB message is cut to 64 KB with a visible marker', () => {
    const err = providerErrorFromPayload({ message: 'x'.repeat(MB), type: 'server_error' });
    expect(err.info.kind).toBe('provider_stream_error');
    expect(err.message.startsWith('x'.repeat(ERROR_TEXT_LIMIT_BYTES))).toBe(true);
    expect(err.message.slice(ERROR_TEXT_LIMIT_BYTES)).toBe(
      `\n…[error text truncated: ${MB - ERROR_TEXT_LIMIT_BYTES} bytes omitted]`,
    );
    expect(err.info.message).toBe(err.message);
  });

  it('a bare text payload (a non-JSON `event: error`) and a huge code are bounded too', () => {
    expect(providerErrorFromPayload('y'.repeat(MB)).message.length).toBeLessThan(ERROR_TEXT_LIMIT_BYTES + 100);
    const info = providerErrorFromPayload({ message: 'bad', code: 'c'.repeat(10_000) }).info;
    if (info.kind !== 'provider_stream_error') throw new Error(info.kind);
    // The export schema holds a code to 256 characters.
    expect(info.code?.length).toBeLessThanOrEqual(256);
    expect(info.code).toMatch(/…\[error text truncated: \d+ bytes omitted\]$/);
  });

  it('redacts before cutting, so a key across the cut leaves no part of itself', () => {
    const key = 'sk-straddle-0123456789';
    const text = `${'z'.repeat(ERROR_TEXT_LIMIT_BYTES - 5)}${key}${'z'.repeat(10)}`;
    const redact = (t: string) => t.split(key).join('[redacted]');
    const message = providerErrorFromPayload({ message: text }, redact).message;
    expect(message).not.toContain('sk-st');
    expect(message).toContain('[red');
  });
});
