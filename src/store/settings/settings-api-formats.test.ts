import { describe, expect, it } from 'vitest';
import { chosenApiFormat, defaultsToSessionSettings, FALLBACK_DEFAULTS } from './settings-store';

describe('the API chosen per endpoint', () => {
  const d = { ...FALLBACK_DEFAULTS, apiFormats: { 'http://127.0.0.1:9000/v1': 'responses' as const } };

  it('a new session on that endpoint starts with it; on another endpoint it follows that one', () => {
    expect(chosenApiFormat(d, 'http://127.0.0.1:9000/v1/')).toBe('responses');
    expect(defaultsToSessionSettings(d, 'http://127.0.0.1:9000/v1').apiFormat).toBe('responses');
    expect(defaultsToSessionSettings(d, 'https://api.groq.com/openai/v1').apiFormat).toBeUndefined();
    expect(defaultsToSessionSettings(d).apiFormat).toBeUndefined();
  });
});
