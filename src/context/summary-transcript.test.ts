import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../domain/messages';
import { cutEntry, fitTranscript, MIN_ENTRY_CHARS } from './summary-transcript';
import { estimateTokens } from '../domain/token-heuristic';

let n = 0;
const user = (content: string): ChatMessage => ({ id: `u${n++}`, createdAt: 0, role: 'user', content });
const tool = (content: string): ChatMessage => ({
  id: `t${n++}`,
  createdAt: 0,
  role: 'tool',
  toolCallId: 'c',
  name: 'fetch',
  content,
  isError: false,
  outcome: 'ok',
  runId: 'r',
  turn: 1,
});

describe('fitTranscript', () => {
  it('sends a transcript that fits as is', () => {
    expect(fitTranscript([user('hello'), tool('{"t":20}')], 1_000, estimateTokens)).toEqual([
      '[User]\nhello\n\n[Tool result: fetch]\n{"t":20}',
    ]);
  });

  it('cuts the long tool result first, with a marker, and keeps short messages whole', () => {
    const parts = fitTranscript(
      [user('what does the page say?'), tool('HEAD ' + 'x'.repeat(20_000) + ' TAIL'), user('thanks')],
      2_000,
      estimateTokens,
    );
    expect(parts).toHaveLength(1);
    const text = parts[0]!;
    expect(estimateTokens(text)).toBeLessThanOrEqual(2_000);
    // Nearly all of the budget is used: the cut is no harsher than it has to be.
    expect(estimateTokens(text)).toBeGreaterThan(1_900);
    expect(text).toContain('[User]\nwhat does the page say?');
    expect(text).toContain('[User]\nthanks');
    expect(text).toContain('[Tool result: fetch]\nHEAD');
    expect(text).toContain('TAIL');
    expect(text).toMatch(/\[… \d+ characters cut so the summary request fits the context window …\]/);
  });

  it('splits into consecutive chunks, each within the budget, when too many messages remain even cut short', () => {
    const messages = Array.from({ length: 60 }, (_, i) => user(`message ${i} ` + 'y'.repeat(2_000)));
    const parts = fitTranscript(messages, 1_000, estimateTokens);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(estimateTokens(p)).toBeLessThanOrEqual(1_000);
    const all = parts.join('\n\n');
    const order = messages.map((_, i) => all.indexOf(`message ${i} `));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
  });
});

describe('cutEntry', () => {
  it('keeps head and tail within the cap plus the marker', () => {
    const cut = cutEntry('a'.repeat(MIN_ENTRY_CHARS) + 'b'.repeat(MIN_ENTRY_CHARS), MIN_ENTRY_CHARS);
    expect(cut.startsWith('a'.repeat(450))).toBe(true);
    expect(cut.endsWith('b'.repeat(150))).toBe(true);
    expect(cut).toContain(`[… ${MIN_ENTRY_CHARS} characters cut`);
    expect(cutEntry('short', 10)).toBe('short');
  });
});
