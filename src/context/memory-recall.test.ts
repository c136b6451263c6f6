import { describe, expect, it } from 'vitest';
import { cosineSimilarity, recallByEmbedding, recallByKeywords } from './memory-recall';

describe('memory recall', () => {
  it('computes cosine similarity', () => {
    expect(cosineSimilarity([1, 0], [1, 0])).toBeCloseTo(1);
    expect(cosineSimilarity([1, 0], [0, 1])).toBeCloseTo(0);
    expect(cosineSimilarity([1, 1], [2, 2])).toBeCloseTo(1);
    expect(cosineSimilarity([1], [1, 2])).toBe(0);
  });
  it('returns the top k above the threshold, best first', () => {
    const c = [
      { id: 'a', text: 'a', embedding: [1, 0] },
      { id: 'b', text: 'b', embedding: [0.8, 0.6] },
      { id: 'c', text: 'c', embedding: [0, 1] },
      { id: 'd', text: 'd', embedding: null },
    ];
    expect(recallByEmbedding([1, 0], c).map((r) => r.id)).toEqual(['a', 'b']);
    expect(recallByEmbedding([1, 0], c, 1).map((r) => r.id)).toEqual(['a']);
    expect(recallByEmbedding([1, 0], c, 5, 0.9).map((r) => r.id)).toEqual(['a']);
  });
  it('falls back to keyword overlap, ignoring stop words', () => {
    const c = [
      { id: 'tea', text: 'The user prefers green tea in the morning', embedding: null },
      { id: 'car', text: 'The user drives a blue car', embedding: null },
    ];
    expect(recallByKeywords('What tea should I make?', c).map((r) => r.id)).toEqual(['tea']);
    expect(recallByKeywords('the and of', c)).toEqual([]);
  });
});
