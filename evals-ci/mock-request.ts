/**
 * What the agreement check (agree.ts) reads from a request the mock server recorded, whichever API it came in:
 * Chat Completions, Anthropic Messages (`/v1/messages`) or Gemini (`/v1beta/models/<model>:…`).
 */
import type { ChatRequest } from '../e2e/server/mock-server';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

const isGemini = (req: ChatRequest) => req.path.startsWith('/v1beta/');

/** The model a request names: in the body, or in the path for Gemini. */
export const modelOf = (req: ChatRequest): string =>
  isGemini(req) ? decodeURIComponent(/^\/v1beta\/models\/([^:]+):/.exec(req.path)?.[1] ?? '') : String(req.body.model);

/**
 * Whether the request ends at the person's message, not at a tool result: Chat Completions' last message is the
 * user's; Anthropic's last user turn and Gemini's last user content hold no tool result.
 */
export function endsAtUser(req: ChatRequest): boolean {
  const b = req.body as Record<string, unknown>;
  if (isGemini(req)) {
    const last = Array.isArray(b.contents) ? (b.contents as unknown[]).at(-1) : undefined;
    const parts = isObject(last) && Array.isArray(last.parts) ? (last.parts as unknown[]) : [];
    return isObject(last) && last.role === 'user' && !parts.some((p) => isObject(p) && isObject(p.functionResponse));
  }
  const last = req.body.messages?.at(-1);
  const content: unknown = last?.content;
  return (
    last?.role === 'user' && !(Array.isArray(content) && content.some((c) => isObject(c) && c.type === 'tool_result'))
  );
}

/** The sampling and limits a request carries, under each API's own names. */
export function generationOf(req: ChatRequest): {
  temperature?: unknown;
  maxTokens?: unknown;
  thinkingBudget?: unknown;
  tools: number;
} {
  const b = req.body as Record<string, unknown>;
  const tools = Array.isArray(b.tools) ? b.tools.length : 0;
  if (isGemini(req)) {
    const g = isObject(b.generationConfig) ? b.generationConfig : {};
    const thinking = isObject(g.thinkingConfig) ? g.thinkingConfig.thinkingBudget : undefined;
    return { temperature: g.temperature, maxTokens: g.maxOutputTokens, thinkingBudget: thinking, tools };
  }
  const thinking = isObject(b.thinking) ? b.thinking.budget_tokens : undefined;
  return { temperature: b.temperature, maxTokens: b.max_tokens, thinkingBudget: thinking, tools };
}
