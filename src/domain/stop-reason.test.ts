import { describe, expect, it } from 'vitest';
import { statusAfterStop } from './session';
import type { StopReason } from './stop-reason';

describe('statusAfterStop', () => {
  it('maps Stop to cancelled, an error to failed and every other end to finished', () => {
    const reasons: StopReason[] = ['complete', 'max_turns', 'max_tool_calls', 'cancelled', 'error', 'length'];
    expect(Object.fromEntries(reasons.map((r) => [r, statusAfterStop(r)]))).toEqual({
      complete: 'finished',
      max_turns: 'finished',
      max_tool_calls: 'finished',
      cancelled: 'cancelled',
      error: 'failed',
      length: 'finished',
    });
  });
});
