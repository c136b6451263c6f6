import { callKey, geminiRenderer, googleError } from './gemini-stream-plan';
import { playStep } from './play-step';
import type { RouteContext } from './route-context';
import { createSigner } from './thought-signatures';
import type { ChatRequestBody } from './types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const SIGNATURE_DOCS = 'https://ai.google.dev/gemini-api/docs/thought-signatures';
const INVALID_KEY_DETAILS = [
  {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: 'API_KEY_INVALID',
    domain: 'googleapis.com',
    metadata: { service: 'generativelanguage.googleapis.com' },
  },
];

/**
 * The Gemini routes of the mock server, under `/v1beta/`: `models/{model}:streamGenerateContent` (and
 * `:generateContent`) play the scripted steps as Gemini responses (see gemini-stream-plan.ts), `GET models` lists the
 * models with paging. Like Google it refuses a request without a key (403) or with a wrong one (400 API_KEY_INVALID),
 * and a history whose function call of the current turn lost or changed the `thoughtSignature` the server minted
 * (for a `gemini-3*` model every such call must carry one).
 */
export function createGeminiRoute(): (ctx: RouteContext) => Promise<void> {
  const signer = createSigner();
  /** Each call this server signed (callKey) and its signature. */
  const minted = new Map<string, string>();
  const wire = geminiRenderer(signer, minted);

  /** Google's words for a signature breach in the current turn, or null. */
  function signatureBreach(body: Record<string, unknown>, model: string): string | null {
    const contents = Array.isArray(body.contents) ? (body.contents as unknown[]) : [];
    // The current turn starts after the last user content that is not only function responses.
    let start = 0;
    contents.forEach((c, i) => {
      const parts = isObject(c) && Array.isArray(c.parts) ? (c.parts as unknown[]) : [];
      if (isObject(c) && c.role === 'user' && parts.some((p) => isObject(p) && !isObject(p.functionResponse)))
        start = i + 1;
    });
    for (let i = start; i < contents.length; i++) {
      const c = contents[i];
      if (!isObject(c) || c.role !== 'model' || !Array.isArray(c.parts)) continue;
      const part = (c.parts as unknown[]).find((p) => isObject(p) && isObject(p.functionCall));
      if (!isObject(part) || !isObject(part.functionCall)) continue;
      const name = typeof part.functionCall.name === 'string' ? part.functionCall.name : '';
      const key = callKey(name, part.functionCall.args);
      const sig = part.thoughtSignature;
      if (typeof sig !== 'string' || sig === '') {
        if (minted.has(key) || model.startsWith('gemini-3'))
          return (
            'Function call is missing a thought_signature in functionCall parts. This is required for tools to work ' +
            'correctly, and missing thought_signature may lead to degraded model performance. Additional data, ' +
            `function call \`default_api:${name}\` , position ${i + 1}. Please refer to ${SIGNATURE_DOCS} for more details.`
          );
      } else if (signer.check(sig, key) === 'changed') return 'Corrupted thought signature.';
    }
    return null;
  }

  function modelEntry(id: string): Record<string, unknown> {
    const embedding = id.includes('embedding');
    return {
      name: `models/${id}`,
      version: '001',
      displayName: id,
      inputTokenLimit: 1_048_576,
      outputTokenLimit: embedding ? 1 : 65_536,
      supportedGenerationMethods: embedding
        ? ['embedContent', 'countTokens']
        : ['generateContent', 'streamGenerateContent', 'countTokens', 'createCachedContent'],
      ...(embedding ? {} : { thinking: true }),
    };
  }

  function modelList(ctx: RouteContext): Record<string, unknown> {
    const size = Math.max(1, Math.min(1000, Number(ctx.rec.query.pageSize ?? 50) || 50));
    const token = ctx.rec.query.pageToken;
    const from = token ? Number(Buffer.from(token, 'base64url').toString()) || 0 : 0;
    const models = ctx.modelIds.slice(from, from + size).map(modelEntry);
    const next = from + size < ctx.modelIds.length ? Buffer.from(String(from + size)).toString('base64url') : undefined;
    return { models, ...(next ? { nextPageToken: next } : {}) };
  }

  return async (ctx) => {
    const given = ctx.req.headers['x-goog-api-key'];
    const key = typeof given === 'string' && given !== '' ? given : ctx.rec.query.key;
    if (!key)
      return ctx.json(
        403,
        googleError(
          403,
          "Method doesn't allow unregistered callers (callers without established identity). " +
            'Please use API Key or other form of API consumer identity to call this API.',
        ),
      );
    if (ctx.apiKey !== undefined && key !== ctx.apiKey)
      return ctx.json(400, googleError(400, 'API key not valid. Please pass a valid API key.', INVALID_KEY_DETAILS));
    const path = ctx.rec.path;
    if (ctx.rec.method === 'GET' && path === '/v1beta/models') return ctx.json(200, modelList(ctx));
    const call = /^\/v1beta\/models\/([^/:]+)(?::(streamGenerateContent|generateContent))?$/.exec(path);
    const model = decodeURIComponent(call?.[1] ?? '');
    if (ctx.rec.method === 'GET' && call && !call[2]) {
      if (ctx.modelIds.includes(model)) return ctx.json(200, modelEntry(model));
      return ctx.json(404, googleError(404, `models/${model} is not found for API version v1beta.`));
    }
    if (ctx.rec.method !== 'POST' || !call?.[2])
      return ctx.json(404, googleError(404, `Method not found: ${ctx.rec.method} ${path}`));
    const body = ctx.rec.body;
    if (!isObject(body)) return ctx.json(400, googleError(400, 'Invalid JSON payload received.'));
    const stream = call[2] === 'streamGenerateContent' && ctx.rec.query.alt === 'sse';
    const chat = ctx.record(body as ChatRequestBody, stream);
    const breach = signatureBreach(body, model);
    if (breach !== null) return ctx.json(400, googleError(400, breach));
    await playStep(ctx.nextStep(), { ...ctx.play, req: chat, wire });
  };
}
