/**
 * The one token heuristic (architecture.md, the `context/` row of "Layers"): about four characters a token, plus the role and
 * framing each message costs on the wire. Used where no tokenizer counts (a model without one, a provider that
 * reports no usage, a text past the counting budget); context/tokens/ holds the exact counter beside it.
 */
export const CHARS_PER_TOKEN = 4;

/** Role and framing cost per message: 16 characters in the heuristic. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** About four characters a token. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
