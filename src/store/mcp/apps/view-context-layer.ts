/**
 * Context MCP App Views gave the model (ui/update-model-context), added to each request's system prompt as a layer
 * of its own (the loop asks before every request, agent/request-layers.ts; architecture.md, "MCP Apps"): recorded
 * with each request like the other layers, so a person sees what the model was told. Free of React and zustand;
 * the store hands it the Views' latest texts.
 */
import type { PromptLayer } from '../../../domain/prompt-layer';

/** One View's latest context, newest first. */
export type ViewContextEntry = { label: string; text: string; at: number };

/** Each View's text is cut here, the whole layer there, and at most this many Views speak: a View cannot fill the prompt. */
export const VIEW_CONTEXT_CHARS = 2_000;
export const VIEW_CONTEXT_TOTAL_CHARS = 6_000;
const VIEW_CONTEXT_MAX_VIEWS = 5;

const VIEW_CONTEXT_LAYER_ID = 'mcp-app-views';
const TITLE = 'Context from MCP App views';

/** The layer the Views' latest contexts make, newest first and bounded; null when no View gave any. */
export function viewContextLayer(entries: readonly ViewContextEntry[]): PromptLayer | null {
  const parts: string[] = [];
  let used = 0;
  for (const e of [...entries].sort((a, b) => b.at - a.at).slice(0, VIEW_CONTEXT_MAX_VIEWS)) {
    const text = e.text.trim();
    if (text === '') continue;
    const cut = text.length > VIEW_CONTEXT_CHARS ? `${text.slice(0, VIEW_CONTEXT_CHARS)}… [cut]` : text;
    const part = `From the ${e.label}:\n${cut}`;
    if (used + part.length > VIEW_CONTEXT_TOTAL_CHARS) break;
    parts.push(part);
    used += part.length;
  }
  return parts.length === 0 ? null : { id: VIEW_CONTEXT_LAYER_ID, title: TITLE, text: parts.join('\n\n') };
}
