import { describe, expect, it } from 'vitest';
import { unknownHostOf } from './provider-presets';

describe('unknownHostOf', () => {
  it('names the host the key would go to unless it is a known provider', () => {
    expect(unknownHostOf('https://api.openai.com/v1')).toBeNull();
    expect(unknownHostOf('https://api.openai.com/v1/')).toBeNull();
    expect(unknownHostOf('https://api.openai.com.evil.example/v1')).toBe('api.openai.com.evil.example');
    expect(unknownHostOf('http://127.0.0.1:9999/v1')).toBe('127.0.0.1:9999');
    expect(unknownHostOf('not a url')).toBeNull();
  });
});
