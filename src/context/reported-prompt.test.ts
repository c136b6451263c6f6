import { describe, expect, it } from 'vitest';
import type { AgentEvent, AgentEventBody } from '../domain/run-events';
import { calibrationOf, lastReportedPrompt } from './reported-prompt';

let seq = 0;
const ev = (body: AgentEventBody): AgentEvent => ({ ...body, runId: 'r', seq: seq++, t: 0 }) as AgentEvent;
const usage = (promptTokens: number, estimated = false) => ({
  promptTokens,
  completionTokens: 1,
  totalTokens: promptTokens + 1,
  estimated,
});

describe('lastReportedPrompt', () => {
  it('pairs the newest reported request with its uncorrected estimate, skipping estimated usage', () => {
    const events = [
      ev({ type: 'request_started', turn: 1, attempt: 1, messageId: 'a', contextTokens: 150, contextTokensRaw: 100 }),
      ev({ type: 'request_finished', turn: 1, attempt: 1, finishReason: 'tool_calls', usage: usage(150) }),
      ev({ type: 'request_started', turn: 2, attempt: 1, messageId: 'b', contextTokens: 300, contextTokensRaw: 200 }),
      ev({ type: 'request_finished', turn: 2, attempt: 1, finishReason: 'stop', usage: usage(310) }),
      ev({ type: 'request_started', turn: 3, attempt: 1, messageId: 'c', contextTokens: 400, contextTokensRaw: 270 }),
      ev({ type: 'request_finished', turn: 3, attempt: 1, finishReason: 'stop', usage: usage(999, true) }),
    ];
    expect(lastReportedPrompt(events)).toEqual({ estimated: 200, reported: 310 });
    expect(calibrationOf(lastReportedPrompt(events))).toBeCloseTo(1.55);
  });

  it('falls back to the corrected figure for events recorded before the raw one existed, and to 1 without a report', () => {
    const old = [
      ev({ type: 'request_started', turn: 1, attempt: 2, messageId: 'a', contextTokens: 100 }),
      ev({ type: 'request_finished', turn: 1, attempt: 2, finishReason: 'stop', usage: usage(120) }),
    ];
    expect(lastReportedPrompt(old)).toEqual({ estimated: 100, reported: 120 });
    expect(lastReportedPrompt([old[0]!])).toBeNull();
    expect(calibrationOf(null)).toBe(1);
  });
});
