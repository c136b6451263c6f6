import type { ChatRequestBody, StepUsage } from './types';

/** One chat.completion.chunk, shaped as OpenAI sends it. */
type Chunk = {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  system_fingerprint: string;
  choices: Array<{ index: number; delta: Record<string, unknown>; logprobs: null; finish_reason: string | null }>;
  usage?: Usage | null;
};

type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };

type ChunkFactory = {
  delta(delta: Record<string, unknown>, finishReason?: string | null): Chunk;
  usage(u: Usage): Chunk;
};

/** Builds chunks that share one id, timestamp and model, as a real stream's do. */
export function chunkFactory(id: string, model: string, includeUsage: boolean): ChunkFactory {
  const created = Math.floor(Date.now() / 1000);
  const base = {
    id,
    object: 'chat.completion.chunk' as const,
    created,
    model,
    system_fingerprint: 'fp_toolscope_mock',
  };
  return {
    delta: (delta, finishReason = null) => ({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      // With include_usage OpenAI puts `usage: null` on every chunk before the usage chunk.
      ...(includeUsage ? { usage: null } : {}),
    }),
    usage: (u) => ({ ...base, choices: [], usage: u }),
  };
}

export const sseData = (payload: unknown): string => `data: ${JSON.stringify(payload)}\n\n`;
export const SSE_DONE = 'data: [DONE]\n\n';

/** Splits by code point so a chunk never ends in half a surrogate pair. */
export function splitInto(text: string, parts: number): string[] {
  const chars = Array.from(text);
  const n = Math.max(1, Math.min(parts, chars.length));
  if (chars.length === 0) return [];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const from = Math.floor((i * chars.length) / n);
    const to = Math.floor(((i + 1) * chars.length) / n);
    out.push(chars.slice(from, to).join(''));
  }
  return out;
}

/** One piece per word with its trailing whitespace, roughly how models stream tokens. */
export function splitWords(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

/** About four characters a token, which is close enough for a test server. */
const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

function promptTokens(body: ChatRequestBody): number {
  const messages = JSON.stringify(body.messages ?? []);
  const tools = body.tools ? JSON.stringify(body.tools) : '';
  return estimateTokens(messages) + estimateTokens(tools);
}

export function makeUsage(body: ChatRequestBody, completionText: string, override?: StepUsage): Usage {
  const prompt_tokens = override?.prompt_tokens ?? promptTokens(body);
  const completion_tokens = override?.completion_tokens ?? estimateTokens(completionText);
  return {
    prompt_tokens,
    completion_tokens,
    total_tokens: override?.total_tokens ?? prompt_tokens + completion_tokens,
  };
}

let counter = 0;
/** Ids unique within the process, readable in test failures. */
export function newId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36)}`;
}

/** OpenAI's error envelope. */
export function errorBody(
  message: string,
  type: string,
  code: string | number | null,
  param: string | null = null,
): {
  error: { message: string; type: string; param: string | null; code: string | number | null };
} {
  return { error: { message, type, param, code } };
}

/** Messages and types close to what OpenAI answers for each status. */
export function defaultError(status: number): { message: string; type: string; code: string | null } {
  switch (status) {
    case 400:
      return { message: 'Invalid request (mock).', type: 'invalid_request_error', code: null };
    case 401:
      return { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' };
    case 403:
      return {
        message: 'You are not allowed to access this resource.',
        type: 'invalid_request_error',
        code: 'unsupported_country_region_territory',
      };
    case 404:
      return {
        message: 'The model does not exist or you do not have access to it.',
        type: 'invalid_request_error',
        code: 'model_not_found',
      };
    case 408:
      return { message: 'Request timed out.', type: 'timeout', code: null };
    case 409:
      return { message: 'Conflict, please retry.', type: 'server_error', code: null };
    case 429:
      return {
        message: 'Rate limit reached for requests. Please try again later.',
        type: 'requests',
        code: 'rate_limit_exceeded',
      };
    case 503:
      return { message: 'The server is overloaded or not ready yet.', type: 'server_error', code: null };
    default:
      return status >= 500
        ? {
            message: 'The server had an error while processing your request. Sorry about that!',
            type: 'server_error',
            code: null,
          }
        : { message: `Request failed with status ${status}.`, type: 'invalid_request_error', code: null };
  }
}
