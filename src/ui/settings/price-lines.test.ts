import { describe, expect, it } from 'vitest';
import { parsePriceLines, priceLines } from './price-lines';

describe('price lines', () => {
  it('reads one model per line, with "-" for no cached price, and writes them back', () => {
    const parsed = parsePriceLines('gpt-4o: 2.5 1.25 10\n\n# mine\nlocal/llama3: 0 - 0\n');
    expect(parsed).toEqual({
      ok: true,
      prices: { 'gpt-4o': { input: 2.5, cachedInput: 1.25, output: 10 }, 'local/llama3': { input: 0, output: 0 } },
    });
    if (parsed.ok) expect(parsePriceLines(priceLines(parsed.prices))).toEqual(parsed);
  });
  it('names the line that is wrong', () => {
    expect(parsePriceLines('gpt-4o: 1 2 3\ngpt-5: cheap')).toMatchObject({ ok: false, line: 2 });
    expect(parsePriceLines('gpt-4o: -1 - 3')).toMatchObject({ ok: false, line: 1 });
    expect(parsePriceLines('no colon 1 2 3')).toMatchObject({ ok: false, line: 1 });
  });
  it('reads a fourth number as the price of a cache write, and writes it back', () => {
    const parsed = parsePriceLines('claude-sonnet-4-5: 3 0.3 15 3.75\nmine: 1 - 2 -');
    expect(parsed).toEqual({
      ok: true,
      prices: {
        'claude-sonnet-4-5': { input: 3, cachedInput: 0.3, output: 15, cacheWrite: 3.75 },
        mine: { input: 1, output: 2 },
      },
    });
    if (parsed.ok) expect(priceLines(parsed.prices)).toBe('claude-sonnet-4-5: 3 0.3 15 3.75\nmine: 1 - 2');
    expect(parsePriceLines('m: 1 2 3 4 5')).toMatchObject({ ok: false, line: 1 });
    expect(parsePriceLines('m: 1 2 3 -4')).toMatchObject({ ok: false, line: 1 });
  });
});
