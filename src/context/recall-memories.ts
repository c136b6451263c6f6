import type { MemoryRecord } from '../db/records';
import type { Embedder } from '../llm/embeddings';
import { recallByEmbedding, recallByKeywords, type RecallResult } from './memory-recall';

export type RecallOutcome = RecallResult & {
  /** Why keyword matching was used, to tell the person. */
  fallbackReason?: string;
  /** Memories whose vectors were computed now and should be saved. */
  newEmbeddings: { id: string; embedding: number[]; model: string }[];
};

/**
 * Recall for one query. With an embedder, missing or stale vectors are computed on the way
 * (one batched request); any failure falls back to keyword matching and says why.
 */
export async function recallMemories(
  query: string,
  memories: readonly MemoryRecord[],
  embedder: Embedder | null,
  signal: AbortSignal,
): Promise<RecallOutcome> {
  const keyword = (reason: string): RecallOutcome => ({
    mode: 'keyword',
    items: recallByKeywords(
      query,
      memories.map((m) => ({ id: m.id, text: m.text, embedding: null })),
    ),
    fallbackReason: reason,
    newEmbeddings: [],
  });
  if (memories.length === 0 || !query.trim())
    return { mode: embedder ? 'embedding' : 'keyword', items: [], newEmbeddings: [] };
  if (!embedder) return keyword('No embeddings endpoint is configured, so memories were matched by keywords.');
  try {
    const stale = memories.filter((m) => !m.embedding || m.embeddingModel !== embedder.model);
    const vectors = await embedder.embed([query, ...stale.map((m) => m.text)], signal);
    const [queryVector, ...fresh] = vectors;
    if (!queryVector || fresh.length !== stale.length)
      return keyword('The embeddings endpoint returned an unexpected answer; memories were matched by keywords.');
    const newEmbeddings = stale.map((m, i) => ({ id: m.id, embedding: fresh[i] ?? [], model: embedder.model }));
    const byId = new Map(newEmbeddings.map((e) => [e.id, e.embedding]));
    const candidates = memories.map((m) => ({ id: m.id, text: m.text, embedding: byId.get(m.id) ?? m.embedding }));
    return { mode: 'embedding', items: recallByEmbedding(queryVector, candidates), newEmbeddings };
  } catch (err) {
    if (signal.aborted) throw err;
    const why = err instanceof Error ? err.message : String(err);
    return keyword(`The embeddings request failed (${why}); memories were matched by keywords.`);
  }
}
