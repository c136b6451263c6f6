import { anthropicError, anthropicRenderer } from './anthropic-stream-plan';
import { playStep } from './play-step';
import type { RouteContext } from './route-context';
import { createSigner } from './thought-signatures';
import type { ChatRequestBody } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const header = (ctx: RouteContext, name: string): string | undefined => {
  const v = ctx.req.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/** Whether this request is for the Anthropic routes: POST /v1/messages, or the model list asked with `x-api-key`. */
export function isAnthropicRequest(method: string, path: string, hasApiKeyHeader: boolean): boolean {
  return (
    (method === 'POST' && path === '/v1/messages') || (method === 'GET' && path === '/v1/models' && hasApiKeyHeader)
  );
}

const THINKING_DOCS = 'https://docs.claude.com/en/docs/build-with-claude/extended-thinking';

/**
 * The Anthropic Messages routes of the mock server: `POST /v1/messages` plays the scripted steps as Messages events
 * (see anthropic-stream-plan.ts) and `GET /v1/models` lists the models in Anthropic's shape. Like Anthropic it refuses
 * a request without `x-api-key` or `anthropic-version`, a browser request without the direct-browser-access header,
 * and a tool-loop turn whose signed thinking block is missing, not first, or changed.
 */
export function createAnthropicRoute(): (ctx: RouteContext) => Promise<void> {
  const signer = createSigner();
  /** Tool-use ids this server streamed, and whether a signed thinking block came before them. */
  const minted = new Map<string, boolean>();
  const wire = anthropicRenderer(signer, minted);

  /** The words Anthropic answers a thinking-rule breach with, or null when the history keeps the rule. */
  function thinkingBreach(body: Record<string, unknown>): string | null {
    const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
    for (const [i, m] of messages.entries()) {
      if (!isObject(m) || m.role !== 'assistant' || !Array.isArray(m.content)) continue;
      for (const [j, b] of (m.content as unknown[]).entries()) {
        if (!isObject(b) || b.type !== 'thinking') continue;
        if (typeof b.signature !== 'string' || b.signature === '')
          return `messages.${i}.content.${j}.thinking.signature: Field required`;
        if (signer.check(b.signature, typeof b.thinking === 'string' ? b.thinking : '') === 'changed')
          return `messages.${i}.content.${j}: Invalid \`signature\` in \`thinking\` block`;
      }
    }
    const thinking = isObject(body.thinking) ? body.thinking.type : undefined;
    if (thinking !== 'enabled' && thinking !== 'adaptive') return null;
    const last = messages.at(-1);
    const answersTools =
      isObject(last) &&
      last.role === 'user' &&
      Array.isArray(last.content) &&
      (last.content as unknown[]).some((b) => isObject(b) && b.type === 'tool_result');
    if (!answersTools) return null;
    const k = messages.length - 2;
    const turn = messages[k];
    if (!isObject(turn) || turn.role !== 'assistant' || !Array.isArray(turn.content)) return null;
    const blocks = turn.content as unknown[];
    const ids = blocks.flatMap((b) => (isObject(b) && b.type === 'tool_use' && typeof b.id === 'string' ? [b.id] : []));
    // A turn this server streamed without thinking (the model chose not to think) owes no thinking block.
    if (ids.length === 0 || ids.some((id) => minted.get(id) === false)) return null;
    const first = blocks[0];
    const type = isObject(first) && typeof first.type === 'string' ? first.type : 'nothing';
    if (type === 'thinking' || type === 'redacted_thinking') return null;
    return (
      `messages.${k}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${type}\`. ` +
      'When `thinking` is enabled, a final `assistant` message must start with a thinking block ' +
      '(preceeding the lastmost set of `tool_use` and `tool_result` blocks). ' +
      'We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. ' +
      `Please consult our documentation at ${THINKING_DOCS}`
    );
  }

  function modelList(ctx: RouteContext): Record<string, unknown> {
    const all = ctx.modelIds.map((id) => ({
      type: 'model',
      id,
      display_name: id,
      created_at: '2026-01-01T00:00:00Z',
    }));
    const limit = Math.max(1, Math.min(1000, Number(ctx.rec.query.limit ?? 20) || 20));
    const after = ctx.rec.query.after_id;
    const from = after === undefined ? 0 : all.findIndex((m) => m.id === after) + 1;
    const data = all.slice(from, from + limit);
    return {
      data,
      has_more: from + limit < all.length,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
    };
  }

  return async (ctx) => {
    const refuse = (status: number, type: string, message: string) => ctx.json(status, anthropicError(type, message));
    const key = header(ctx, 'x-api-key');
    if (key === undefined) return refuse(401, 'authentication_error', 'x-api-key header is required');
    if (ctx.apiKey !== undefined && key !== ctx.apiKey) return refuse(401, 'authentication_error', 'invalid x-api-key');
    if (header(ctx, 'anthropic-version') === undefined)
      return refuse(400, 'invalid_request_error', 'anthropic-version: header is required');
    // Anthropic asks this of browsers only, which it knows by their Origin header.
    if (header(ctx, 'origin') !== undefined && header(ctx, 'anthropic-dangerous-direct-browser-access') !== 'true')
      return refuse(
        401,
        'authentication_error',
        "CORS requests must set 'anthropic-dangerous-direct-browser-access' header",
      );
    if (ctx.rec.method === 'GET') return ctx.json(200, modelList(ctx));
    const body = ctx.rec.body;
    if (!isObject(body)) return refuse(400, 'invalid_request_error', 'There was an error parsing the body.');
    if (typeof body.model !== 'string') return refuse(400, 'invalid_request_error', 'model: Field required');
    if (typeof body.max_tokens !== 'number') return refuse(400, 'invalid_request_error', 'max_tokens: Field required');
    const chat = ctx.record(body as ChatRequestBody, body.stream === true);
    const breach = thinkingBreach(body);
    if (breach !== null) return refuse(400, 'invalid_request_error', breach);
    await playStep(ctx.nextStep(), { ...ctx.play, req: chat, wire });
  };
}
