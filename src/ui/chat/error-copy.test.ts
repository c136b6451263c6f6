import { describe, expect, it } from 'vitest';
import { alertMessage, errorCopy } from './error-copy';

describe('alertMessage', () => {
  it('drops the fixed "Retrying in N s." from a rate-limit message (the countdown, or the give-up, says the rest)', () => {
    const message =
      'api.example.com is rate limiting requests (HTTP 429). Retrying in 5 s. The provider said: slow down.';
    expect(alertMessage({ fault: 'system', kind: 'rate_limited', status: 429, retryAfterMs: 5000, message })).toBe(
      'api.example.com is rate limiting requests (HTTP 429). The provider said: slow down.',
    );
  });

  it('leaves other messages alone, even ones quoting the same words', () => {
    const message = 'The provider said: Retrying in 5 s.';
    expect(alertMessage({ fault: 'system', kind: 'server', status: 503, message })).toBe(message);
  });
});

describe('errorCopy offline', () => {
  const unreachable = {
    fault: 'user',
    kind: 'cors_or_unreachable',
    baseURL: 'http://127.0.0.1:11434/v1',
    message: 'Could not reach it',
  } as const;
  it('says plainly that the request could not be sent when the browser is offline', () => {
    expect(errorCopy(unreachable, false).title).toBe('You are offline: the request to the model could not be sent');
  });
  it('keeps the CORS and address advice when the browser is online', () => {
    expect(errorCopy(unreachable, true).title).toBe('The endpoint could not be reached from this page');
  });
});
