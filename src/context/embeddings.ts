import OpenAI from 'openai';

export type Embedder = { model: string; embed(texts: string[], signal: AbortSignal): Promise<number[][]> };

export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

/** Embeddings over the same endpoint and key as chat; null input model means "not configured". */
export function createEmbedder(opts: { apiKey: string; baseURL: string; model?: string }): Embedder {
  const client = new OpenAI({ apiKey: opts.apiKey, baseURL: opts.baseURL, dangerouslyAllowBrowser: true, maxRetries: 1 });
  const model = opts.model ?? DEFAULT_EMBEDDING_MODEL;
  return {
    model,
    async embed(texts, signal) {
      const res = await client.embeddings.create({ model, input: texts }, { signal });
      return [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    },
  };
}
