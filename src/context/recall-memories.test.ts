import { describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../db/records';
import type { Embedder } from '../llm/embeddings';
import { recallMemories } from './recall-memories';

const mem = (
  id: string,
  text: string,
  embedding: number[] | null = null,
  embeddingModel: string | null = null,
): MemoryRecord => ({
  id,
  text,
  embedding,
  embeddingModel,
  createdAt: 0,
  updatedAt: 0,
  sourceSessionId: null,
});

/** Two-dimensional toy vectors: "tea" points one way, "car" the other. */
function toyEmbedder(): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    model: 'toy',
    calls,
    async embed(texts) {
      calls.push(texts);
      return texts.map((t) => (t.includes('tea') ? [1, 0.1] : [0.1, 1]));
    },
  };
}

const signal = new AbortController().signal;

describe('recallMemories', () => {
  it('recalls by embedding similarity and returns vectors to save for memories that had none', async () => {
    const e = toyEmbedder();
    const out = await recallMemories(
      'which tea?',
      [mem('1', 'likes green tea'), mem('2', 'drives a car', [0.1, 1], 'toy')],
      e,
      signal,
    );
    expect(out.mode).toBe('embedding');
    expect(out.items.map((i) => i.id)).toEqual(['1']);
    expect(e.calls).toEqual([['which tea?', 'likes green tea']]);
    expect(out.newEmbeddings.map((n) => n.id)).toEqual(['1']);
  });
  it('falls back to keywords without an embedder and says so', async () => {
    const out = await recallMemories(
      'green tea please',
      [mem('1', 'likes green tea'), mem('2', 'drives a car')],
      null,
      signal,
    );
    expect(out.mode).toBe('keyword');
    expect(out.fallbackReason).toMatch(/No embeddings endpoint/);
    expect(out.items.map((i) => i.id)).toEqual(['1']);
  });
  it('falls back to keywords when the embeddings request fails', async () => {
    const failing: Embedder = {
      model: 'x',
      embed: async () => {
        throw new Error('404 model not found');
      },
    };
    const out = await recallMemories('tea', [mem('1', 'tea time')], failing, signal);
    expect(out.mode).toBe('keyword');
    expect(out.fallbackReason).toContain('404 model not found');
    expect(out.items).toHaveLength(1);
  });
});
