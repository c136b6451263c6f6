import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './loop-config';

describe('DEFAULT_CONFIG', () => {
  it('matches the defaults architecture.md promises', () => {
    // architecture.md, "Defaults": max turns 25 · tool calls per turn 10 · tool timeout 30 s · first byte
    // 60 s · idle gap 30 s · 3 retries · concurrency 4 · tool output cut at 64 KB.
    expect(DEFAULT_CONFIG).toMatchObject({
      maxTurns: 25,
      maxToolCallsPerTurn: 10,
      toolTimeoutMs: 30_000,
      firstByteTimeoutMs: 60_000,
      idleTimeoutMs: 30_000,
      maxRetries: 3,
      toolConcurrency: 4,
      toolOutputLimitBytes: 65_536,
    });
  });
});
