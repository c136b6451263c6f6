import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../domain/run-events';
import type { ChatMessage } from '../domain/messages';
import { createContextManager } from './context-manager';
import { contextUsage, formatContextUsage } from './context-usage';
import { lastReportedPrompt } from './reported-prompt';
import { counterFrom } from './tokens/token-count';

const user = (id: string, chars: number): ChatMessage => ({
  id,
  createdAt: 0,
  role: 'user',
  content: 'x'.repeat(chars),
});

describe('contextUsage', () => {
  it('estimates what the next request carries: summaries replace what they cover', () => {
    const messages: ChatMessage[] = [
      user('a', 4000),
      user('b', 400),
      { id: 's', createdAt: 0, role: 'system', content: 'y'.repeat(40), summaryOf: ['a'] },
    ];
    const u = contextUsage({ messages, systemText: '', tools: [], limit: 1000, lastReported: null });
    // b: 100 + 4 overhead; summary: 10 + 4
    expect(u.tokens).toBe(118);
    expect(u.level).toBe('ok');
    expect(u.calibrated).toBe(false);
  });
  it('warns at 80 % and applies the provider correction', () => {
    const u = contextUsage({
      messages: [user('a', 2000)],
      systemText: '',
      tools: [],
      limit: 1000,
      lastReported: { estimated: 100, reported: 160 },
    });
    expect(u.tokens).toBe(Math.ceil(504 * 1.6));
    expect(u.level).toBe('warn');
    expect(u.calibrated).toBe(true);
  });
  it('formats like the meter shows it', () => {
    expect(formatContextUsage({ tokens: 12_345, limit: 128_000, fraction: 12_345 / 128_000, level: 'ok' })).toBe(
      '12,345 / 128,000 tokens (10 %)',
    );
  });
});

describe('the meter after several requests of one run', () => {
  it('stays corrected when the run already applied a factor of 1.5 to the recorded estimate', () => {
    const cm = createContextManager({
      model: { stream: () => (async function* () {})() },
      modelName: 'm',
      limitTokens: 100_000,
      newId: () => 'x',
      now: () => 0,
    });
    const events: AgentEvent[] = [];
    let seq = 0;
    const history: ChatMessage[] = [];
    // Each request is recorded as the loop records it, and the provider always counts 1.5x our estimate.
    for (const turn of [1, 2]) {
      history.push(user(`u${turn}`, 4000));
      const raw = cm.estimateRaw(history, '', []);
      const corrected = cm.estimate(history, '', []);
      events.push({
        type: 'request_started',
        turn,
        attempt: 1,
        messageId: `a${turn}`,
        contextTokens: corrected,
        contextTokensRaw: raw,
        runId: 'r',
        seq: seq++,
        t: 0,
      });
      const reported = Math.round(raw * 1.5);
      cm.observeUsage(corrected, reported);
      events.push({
        type: 'request_finished',
        turn,
        attempt: 1,
        finishReason: 'stop',
        usage: { promptTokens: reported, completionTokens: 1, totalTokens: reported + 1, estimated: false },
        runId: 'r',
        seq: seq++,
        t: 0,
      });
    }
    // By the second request the run's own estimate is already corrected, so its ratio to the report is about 1.
    const second = events[2];
    expect(second?.type === 'request_started' && second.contextTokens).toBe(
      Math.round(cm.estimateRaw(history, '', []) * 1.5),
    );
    const u = contextUsage({
      messages: history,
      systemText: '',
      tools: [],
      limit: 100_000,
      lastReported: lastReportedPrompt(events),
    });
    expect(u.tokens).toBe(Math.ceil(cm.estimateRaw(history, '', []) * 1.5));
    expect(u.tokens).toBe(cm.estimate(history, '', []));
  });

  it('counts with the given counter, so the figure matches the run that used the same one', () => {
    const words: (t: string) => number = (t) => t.split(' ').length;
    const u = contextUsage({
      messages: [user('a', 0)],
      systemText: 'one two three',
      tools: [],
      limit: 1000,
      lastReported: null,
      counter: counterFrom(words),
    });
    // system: 3 + 4 overhead; empty user message: 1 + 4
    expect(u.tokens).toBe(12);
  });
});
