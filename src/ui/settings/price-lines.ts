import type { ModelPrice } from '../../domain/model-prices';

/**
 * The Settings field for a person's own prices: one model per line, "model: input cached output" in US dollars per
 * million tokens ("-" for a cached price the provider does not have), e.g. "gpt-4o: 2.5 1.25 10", and a fourth
 * number where the provider charges for writing to its cache (Anthropic), e.g. "claude-sonnet-4-5: 3 0.3 15 3.75".
 */
type PriceParse = { ok: true; prices: Record<string, ModelPrice> } | { ok: false; line: number; message: string };

export function parsePriceLines(text: string): PriceParse {
  const prices: Record<string, ModelPrice> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(':');
    const model = at > 0 ? line.slice(0, at).trim() : '';
    const numbers =
      at > 0
        ? line
            .slice(at + 1)
            .trim()
            .split(/[\s,/]+/)
        : [];
    const bad = {
      ok: false as const,
      line: i + 1,
      message: `Line ${i + 1}: write “model: input cached output” in dollars per million tokens, e.g. “gpt-4o: 2.5 1.25 10”.`,
    };
    if (!model || numbers.length < 3 || numbers.length > 4) return bad;
    const [input, cached, output, write] = numbers.map((n) => (n === '-' ? undefined : Number(n)));
    const valid = (n: number | undefined) => n !== undefined && Number.isFinite(n) && n >= 0;
    const optional = (n: number | undefined) => n === undefined || valid(n);
    if (!valid(input) || !valid(output) || !optional(cached) || !optional(write)) return bad;
    prices[model] = {
      input: input!,
      output: output!,
      ...(cached !== undefined ? { cachedInput: cached } : {}),
      ...(write !== undefined ? { cacheWrite: write } : {}),
    };
  }
  return { ok: true, prices };
}

export function priceLines(prices: Readonly<Record<string, ModelPrice>>): string {
  return Object.entries(prices)
    .map(([model, p]) => {
      const line = `${model}: ${p.input} ${p.cachedInput ?? '-'} ${p.output}`;
      return p.cacheWrite === undefined ? line : `${line} ${p.cacheWrite}`;
    })
    .join('\n');
}
