import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../agent/messages';
import { contextUsage, formatContextUsage } from './context-usage';

const user = (id: string, chars: number): ChatMessage => ({ id, createdAt: 0, role: 'user', content: 'x'.repeat(chars) });

describe('contextUsage', () => {
  it('estimates what the next request carries: summaries replace what they cover', () => {
    const messages: ChatMessage[] = [user('a', 4000), user('b', 400), { id: 's', createdAt: 0, role: 'system', content: 'y'.repeat(40), summaryOf: ['a'] }];
    const u = contextUsage({ messages, systemText: '', tools: [], limit: 1000, lastReported: null });
    // b: 100 + 4 overhead; summary: 10 + 4
    expect(u.tokens).toBe(118);
    expect(u.level).toBe('ok');
    expect(u.calibrated).toBe(false);
  });
  it('warns at 80 % and applies the provider correction', () => {
    const u = contextUsage({ messages: [user('a', 2000)], systemText: '', tools: [], limit: 1000, lastReported: { estimated: 100, reported: 160 } });
    expect(u.tokens).toBe(Math.ceil(504 * 1.6));
    expect(u.level).toBe('warn');
    expect(u.calibrated).toBe(true);
  });
  it('formats like the meter shows it', () => {
    expect(formatContextUsage({ tokens: 12_345, limit: 128_000, fraction: 12_345 / 128_000, level: 'ok' })).toBe('12,345 / 128,000 tokens (10 %)');
  });
});
