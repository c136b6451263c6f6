import { describe, expect, it } from 'vitest';
import { localVerdict } from './test-connection-button';

describe('localVerdict', () => {
  it('names a base URL without a scheme instead of sending it', () => {
    expect(localVerdict('api.openai.com/v1', 'sk-x')).toMatch(
      /must be a full address starting with http:\/\/ or https:\/\//,
    );
  });

  it('asks for the key first for a hosted provider, not for a local or unknown server', () => {
    expect(localVerdict('https://api.openai.com/v1', '  ')).toMatch(/Enter your API key first/);
    expect(localVerdict('http://localhost:11434/v1', '')).toBeNull();
    expect(localVerdict('http://127.0.0.1:9999/v1', '')).toBeNull();
    expect(localVerdict('https://api.openai.com/v1', 'sk-x')).toBeNull();
  });
});
