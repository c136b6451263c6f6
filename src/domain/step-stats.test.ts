import { describe, expect, it } from 'vitest';
import { outputTokensPerSecond, timeToFirstTokenMs, tokensPerSecondText } from './step-stats';

const usage = (out: number, estimated = false) => ({
  promptTokens: 10,
  completionTokens: out,
  totalTokens: 10 + out,
  estimated,
});

describe('step stats', () => {
  it('time to first token runs from the request to its first token', () => {
    expect(timeToFirstTokenMs(100, 340)).toBe(240);
    expect(timeToFirstTokenMs(100, null)).toBeNull();
  });
  it('output tokens per second divide the output tokens by the streaming time', () => {
    expect(outputTokensPerSecond(1000, 1500, usage(50))).toBe(100);
    expect(outputTokensPerSecond(null, 1500, usage(50))).toBeNull();
    expect(outputTokensPerSecond(1000, null, usage(50))).toBeNull();
    expect(outputTokensPerSecond(1000, 1500, null)).toBeNull();
    // The whole reply in one chunk: no streaming time, no rate (never Infinity).
    expect(outputTokensPerSecond(1000, 1000, usage(50))).toBeNull();
  });
  it('reads as a person would say it', () => {
    expect(tokensPerSecondText(42.345, false)).toBe('42.3 tokens/s');
    expect(tokensPerSecondText(1234.5, true)).toBe('1,235 tokens/s (estimated)');
    expect(tokensPerSecondText(null, false)).toBe('—');
  });
});
