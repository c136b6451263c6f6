import { ModelError } from '../agent/errors';
import type { ApiFormat } from '../domain/session';
import { classifyError } from './classify-error';
import { makeRedactor } from './redact';
import { createSdk, normalizeBaseURL, type ConnectionOptions } from './sdk-client';

/** `apiFormat`: the API the endpoint is spoken to in; absent, Chat Completions or Responses (both list at /models). */
type ListModelsOptions = ConnectionOptions & { signal?: AbortSignal; apiFormat?: ApiFormat };

/**
 * The model ids the endpoint offers, sorted: GET /models, or the format's own list with its own key header for
 * Anthropic Messages and Gemini (docs/wire-formats.md). Errors are `ModelError`s classified like chat errors, except
 * that a 404 means the base URL is wrong; an abort rejects with an AbortError.
 */
export async function listModels(options: ListModelsOptions): Promise<string[]> {
  const connection = {
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  // Lazy: a format's code loads only when an endpoint uses it.
  if (options.apiFormat === 'anthropic')
    return (await import('./wire/anthropic/anthropic-http')).listAnthropicModels(connection, options.signal);
  if (options.apiFormat === 'gemini')
    return (await import('./wire/gemini/gemini-http')).listGeminiModels(connection, options.signal);
  const baseURL = normalizeBaseURL(options.baseURL);
  const redact = makeRedactor(options.apiKey);
  const sdk = createSdk(options);
  const ctx = { baseURL, operation: 'models' as const, redact, ...(options.signal ? { signal: options.signal } : {}) };
  let text: string;
  let status: number;
  try {
    // Read the raw body: Together answers with a bare array, which the SDK's page type would read as empty.
    const response = await sdk.models.list(options.signal ? { signal: options.signal } : undefined).asResponse();
    status = response.status;
    text = await response.text();
  } catch (err) {
    throw classifyError(err, ctx);
  }
  const ids = modelIds(text);
  if (ids === null) {
    const message = `${baseURL}/models did not return a list of models. Check the base URL; for OpenAI-compatible servers it usually ends in /v1.`;
    throw new ModelError({ fault: 'user', kind: 'bad_request', status, message }, false);
  }
  return ids;
}

/** Ids from `{data:[{id}]}` or `[{id}]`; null when the body is not a model list at all. */
export function modelIds(body: string): string[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const list = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' && parsed !== null
      ? (parsed as { data?: unknown }).data
      : undefined;
  if (!Array.isArray(list)) return null;
  const ids = new Set<string>();
  for (const item of list) {
    const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
    if (typeof id === 'string' && id !== '') ids.add(id);
  }
  return [...ids].sort((a, b) => a.localeCompare(b));
}
