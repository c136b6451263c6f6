import { describe, expect, it } from 'vitest';
import { cacheFigures } from './anthropic-stream-plan';

const marked = { type: 'ephemeral' };
const user = (text: string, cache = false) => ({
  role: 'user',
  content: [{ type: 'text', text, ...(cache ? { cache_control: marked } : {}) }],
});

describe('the mock server’s prompt cache (Anthropic)', () => {
  it('writes the prompt up to the last breakpoint, then reads it when a longer prompt starts with it', () => {
    const cached = new Set<string>();
    const system = [{ type: 'text', text: 'You are helpful. '.repeat(40), cache_control: marked }];
    const first = cacheFigures({ system, messages: [user('What is 6 times 7?', true)] }, cached);
    expect(first).toMatchObject({ input: 0, read: 0 });
    expect(first?.written).toBeGreaterThan(100);

    const reply = { role: 'assistant', content: [{ type: 'text', text: '42' }] };
    const second = cacheFigures({ system, messages: [user('What is 6 times 7?'), reply, user('Sure?', true)] }, cached);
    // The marker moved: the first prompt is the same content without it, so it is read; the new turn is written.
    expect(second?.read).toBe(first?.written);
    expect(second?.written).toBeGreaterThan(0);
    expect(second?.input).toBe(0);
  });

  it('reads and writes nothing without a breakpoint, and counts what follows the last one as fresh input', () => {
    const cached = new Set<string>();
    expect(cacheFigures({ system: 'Plain.', messages: [user('Hello')] }, cached)).toBeNull();
    const system = [{ type: 'text', text: 'Cached part.', cache_control: marked }];
    const figures = cacheFigures({ system, messages: [user('A fresh question after the breakpoint.')] }, cached);
    expect(figures?.input).toBeGreaterThan(0);
    expect(figures?.read).toBe(0);
  });
});
