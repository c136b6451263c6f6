/** Recall: the top k memories above a similarity threshold. */
export const RECALL_TOP_K = 5;
export const RECALL_THRESHOLD = 0.6;

type RecallCandidate = { id: string; text: string; embedding: readonly number[] | null };

type Recalled = { id: string; text: string; score: number };

export type RecallResult = { mode: 'embedding' | 'keyword'; items: Recalled[] };

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export function recallByEmbedding(
  query: readonly number[],
  candidates: readonly RecallCandidate[],
  k = RECALL_TOP_K,
  threshold = RECALL_THRESHOLD,
): Recalled[] {
  const scored: Recalled[] = [];
  for (const c of candidates) {
    if (!c.embedding) continue;
    const score = cosineSimilarity(query, c.embedding);
    if (score >= threshold) scored.push({ id: c.id, text: c.text, score });
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, k);
}

const STOP_WORDS = new Set(
  (
    'a an and are as at be by for from has have how i in is it its me my of on or our that the ' +
    'this to was we what when where which who why will with you your'
  ).split(' '),
);

function keywords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return new Set(words.filter((w) => w.length > 1 && !STOP_WORDS.has(w)));
}

/** Without an embeddings endpoint: the share of the query's keywords a memory contains. */
export function recallByKeywords(query: string, candidates: readonly RecallCandidate[], k = RECALL_TOP_K): Recalled[] {
  const q = keywords(query);
  if (q.size === 0) return [];
  const scored: Recalled[] = [];
  for (const c of candidates) {
    const words = keywords(c.text);
    let hits = 0;
    for (const w of q) if (words.has(w)) hits++;
    if (hits > 0) scored.push({ id: c.id, text: c.text, score: hits / q.size });
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, k);
}
