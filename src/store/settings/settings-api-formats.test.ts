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

  it('a new session starts with the thinking budget, max output tokens and prompt caching set for new sessions', () => {
    const set = { ...FALLBACK_DEFAULTS, thinkingBudget: 2048, maxOutputTokens: 8192, cachePrompt: true };
    expect(defaultsToSessionSettings(set)).toMatchObject({
      thinkingBudget: 2048,
      maxOutputTokens: 8192,
      cachePrompt: true,
    });
    const none = defaultsToSessionSettings(FALLBACK_DEFAULTS);
    expect(['thinkingBudget', 'maxOutputTokens', 'cachePrompt'].filter((k) => k in none)).toEqual([]);
  });
});
