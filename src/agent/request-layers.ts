import type { PromptLayer } from '../domain/prompt-layer';

/**
 * Prompt layers that may change while a run goes on (what an MCP App View told the model: architecture.md, "MCP
 * Apps"). The loop asks for them before each request, so a change between two requests of one run reaches the
 * second; they are appended to that request's system prompt only and recorded with its layers.
 */
export type RequestLayers = (signal: AbortSignal) => Promise<readonly PromptLayer[]>;

/** The system prompt with the layers appended, each under its heading (as context/system-prompt.ts assembles). */
export function withRequestLayers(
  systemPrompt: string | undefined,
  layers: readonly PromptLayer[],
): string | undefined {
  if (layers.length === 0) return systemPrompt;
  const headings = layers.map((l) => `## ${l.title}\n${l.text}`).join('\n\n');
  return systemPrompt !== undefined && systemPrompt !== '' ? `${systemPrompt}\n\n${headings}` : headings;
}
