import { describe, expect, it } from 'vitest';
import { prefixHash, prefixHasher } from './prefix-hash';

type Msg = { role: string; content: string[] };
const shape = (m: Msg) => ({ role: m.role, content: [...m.content] });

describe('the prefix hash, from scratch and as a body is built', () => {
  it('gives the same value at every point while the list grows and its last item takes merged content', () => {
    const head = { system: 'Be brief.', tools: [{ name: 'get_weather' }] };
    const hashed = prefixHasher(head, shape);
    const list: Msg[] = [];
    for (let i = 0; i < 60; i++) {
      const role = i % 3 === 2 ? 'assistant' : 'user';
      const last = list.at(-1);
      // Consecutive items of one role merge into the last, as a body's messages do.
      if (last && last.role === role) last.content.push(`part ${i}`);
      else list.push({ role, content: [`part ${i}`] });
      if (i % 2 === 0) expect(hashed(list)).toBe(prefixHash(head, list, shape));
    }
    // Anything before changes it; the head too.
    const before = prefixHash(head, list, shape);
    expect(prefixHash({ ...head, system: 'Be long.' }, list, shape)).not.toBe(before);
    expect(prefixHash(head, list.slice(1), shape)).not.toBe(before);
  });

  it('reads each item a bounded number of times however many prefixes are asked (not the square of the length)', () => {
    let reads = 0;
    const counting = (m: Msg) => {
      reads++;
      return shape(m);
    };
    const hashed = prefixHasher({}, counting);
    const list: Msg[] = [];
    for (let i = 0; i < 400; i++) {
      list.push({ role: i % 2 ? 'assistant' : 'user', content: [`m${i}`] });
      hashed(list);
    }
    // Each item once when final, and once more while it was the last.
    expect(reads).toBeLessThanOrEqual(2 * list.length);
  });
});
