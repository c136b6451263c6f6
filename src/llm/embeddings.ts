import { classifyError } from './classify-error';
import { makeRedactor } from './redact';
import { createSdk, normalizeBaseURL, type ConnectionOptions } from './sdk-client';

export type Embedder = { model: string; embed(texts: string[], signal: AbortSignal): Promise<number[][]> };

/**
 * Embeddings over the same endpoint and key as chat, through the same SDK set-up (no env, no SDK logging).
 * Failures are classified like chat errors so their text is redacted: recall shows the reason to the user.
 */
export function createEmbedder(opts: ConnectionOptions & { model: string }): Embedder {
  // One retry of its own: recall has no retry events, and a failure only means falling back to keywords.
  const client = createSdk(opts).withOptions({ maxRetries: 1 });
  const model = opts.model;
  const redact = makeRedactor(opts.apiKey);
  const baseURL = normalizeBaseURL(opts.baseURL);
  return {
    model,
    async embed(texts, signal) {
      try {
        const res = await client.embeddings.create({ model, input: texts }, { signal });
        return [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      } catch (err) {
        throw classifyError(err, { baseURL, operation: 'embeddings', model, redact, signal });
      }
    },
  };
}
