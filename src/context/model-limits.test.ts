import { describe, expect, it } from 'vitest';
import { contextLimitFor, FALLBACK_CONTEXT_LIMIT } from './model-limits';

describe('contextLimitFor', () => {
  it('prefers a positive session override', () => {
    expect(contextLimitFor('gpt-4o', 5000)).toEqual({ tokens: 5000, source: 'override' });
    expect(contextLimitFor('gpt-4o', 0).source).toBe('prefix');
  });
  it('matches exact names before prefixes', () => {
    expect(contextLimitFor('gpt-4')).toEqual({ tokens: 8_192, source: 'exact' });
    expect(contextLimitFor('gpt-4o-mini')).toEqual({ tokens: 128_000, source: 'prefix' });
  });
  it('takes the longest prefix and strips provider prefixes', () => {
    expect(contextLimitFor('gpt-4.1-nano').tokens).toBe(1_047_576);
    expect(contextLimitFor('openai/gpt-4o').tokens).toBe(128_000);
  });
  it('falls back to substrings, then a conservative default', () => {
    expect(contextLimitFor('my-local-model-32k')).toEqual({ tokens: 32_768, source: 'substring' });
    expect(contextLimitFor('unknown-model')).toEqual({ tokens: FALLBACK_CONTEXT_LIMIT, source: 'fallback' });
  });
});
