/**
 * Context window sizes in tokens. Resolution order: session override, exact name,
 * longest matching prefix, substring, then a conservative fallback. Provider prefixes such as
 * "openai/" (OpenRouter) are stripped before matching.
 */
const EXACT: Record<string, number> = {
  'gpt-4': 8_192,
  'gpt-4-32k': 32_768,
  'gpt-3.5-turbo': 16_385,
};

/** Longest prefix wins, so more specific entries may follow general ones. */
const PREFIXES: [string, number][] = [
  ['gpt-4.1', 1_047_576],
  ['gpt-4o', 128_000],
  ['gpt-4-turbo', 128_000],
  ['gpt-5', 400_000],
  ['o1', 200_000],
  ['o3', 200_000],
  ['o4', 200_000],
  ['gpt-oss', 131_072],
  ['claude', 200_000],
  ['gemini', 1_048_576],
  ['deepseek', 128_000],
  ['llama-3', 128_000],
  ['llama3', 128_000],
  ['qwen', 32_768],
  ['mistral', 32_768],
  ['grok', 131_072],
];

const SUBSTRINGS: [string, number][] = [
  ['128k', 128_000],
  ['32k', 32_768],
  ['16k', 16_385],
  ['8k', 8_192],
];

export const FALLBACK_CONTEXT_LIMIT = 8_192;

type ContextLimit = { tokens: number; source: 'override' | 'exact' | 'prefix' | 'substring' | 'fallback' };

export function contextLimitFor(model: string, override?: number | null): ContextLimit {
  if (override !== undefined && override !== null && Number.isFinite(override) && override > 0) {
    return { tokens: Math.floor(override), source: 'override' };
  }
  const name = model.toLowerCase().split('/').pop() ?? '';
  const exact = EXACT[name];
  if (exact !== undefined) return { tokens: exact, source: 'exact' };
  let best: [string, number] | undefined;
  for (const entry of PREFIXES) {
    if (name.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry;
  }
  if (best) return { tokens: best[1], source: 'prefix' };
  for (const [needle, tokens] of SUBSTRINGS) {
    if (name.includes(needle)) return { tokens, source: 'substring' };
  }
  return { tokens: FALLBACK_CONTEXT_LIMIT, source: 'fallback' };
}
