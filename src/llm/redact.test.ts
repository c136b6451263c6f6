import { describe, expect, it } from 'vitest';
import { ModelError } from '../agent/errors';
import { makeRedactor, redactModelError } from './redact';

const KEY = 'sk-test-0123456789abcdef';

describe('makeRedactor', () => {
  it('masks every copy of the key, trimmed as it is sent', () => {
    const redact = makeRedactor(`  ${KEY}\n`);
    expect(redact(`Incorrect API key provided: ${KEY}. You passed ${KEY}.`)).toBe(
      'Incorrect API key provided: [redacted]. You passed [redacted].',
    );
  });
  it('leaves text alone for a placeholder key too short to be a secret', () => {
    expect(makeRedactor('x')('x marks the spot')).toBe('x marks the spot');
  });
});

describe('redactModelError', () => {
  it('rebuilds the error with the key masked and keeps its retry facts', () => {
    const err = new ModelError(
      { fault: 'system', kind: 'rate_limited', status: 429, retryAfterMs: 2000, message: `slow down ${KEY}` },
      true,
      2000,
    );
    const out = redactModelError(err, makeRedactor(KEY));
    expect(out.message).toBe('slow down [redacted]');
    expect(out.info).toEqual({ ...err.info, message: 'slow down [redacted]' });
    expect(out.retryable).toBe(true);
    expect(out.retryAfterMs).toBe(2000);
  });
  it('masks a provider code that echoes the key too', () => {
    const err = new ModelError(
      {
        fault: 'system',
        kind: 'provider_stream_error',
        status: null,
        code: `bad_key_${KEY}`,
        message: 'stream failed',
      },
      false,
    );
    expect(redactModelError(err, makeRedactor(KEY)).info).toEqual({ ...err.info, code: 'bad_key_[redacted]' });
  });
  it('returns the same error when there is nothing to mask', () => {
    const err = new ModelError({ fault: 'system', kind: 'network', message: 'offline' }, true);
    expect(redactModelError(err, makeRedactor(KEY))).toBe(err);
  });
});
