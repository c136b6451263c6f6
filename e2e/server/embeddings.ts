/**
 * Deterministic fake embeddings: a hashed, signed bag of words, L2-normalised. Texts that share
 * words get a high cosine similarity and unrelated texts a low one, which is all a memory-recall
 * test needs from a real embedding model.
 */
const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'in',
  'on',
  'is',
  'are',
  'was',
  'be',
  'it',
  'i',
  'my',
  'me',
  'you',
  'your',
  'for',
  'at',
  'with',
  'that',
  'this',
  'do',
  'what',
]);

function words(text: string): string[] {
  return (
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
      .filter((w) => !STOPWORDS.has(w))
      // A crude plural fold so "cats" and "cat" meet.
      .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
  );
}

function fnv1a(text: string, seed: number): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function embed(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const w of words(text)) {
    const h = fnv1a(w, 0);
    const sign = fnv1a(w, 0x9e3779b9) & 1 ? 1 : -1;
    v[h % dimensions] = (v[h % dimensions] ?? 0) + sign;
  }
  const norm = Math.hypot(...v);
  // An empty or all-stopword text still gets a valid unit vector, as real models return.
  if (norm === 0) {
    v[0] = 1;
    return v;
  }
  return v.map((x) => x / norm);
}

/** The little-endian float32 base64 form the openai SDK asks for by default. */
function toBase64(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString('base64');
}

export function embeddingsResponse(body: unknown, defaultDimensions: number): { status: number; json: unknown } {
  const b = (body ?? {}) as { input?: unknown; model?: unknown; dimensions?: unknown; encoding_format?: unknown };
  const inputs = typeof b.input === 'string' ? [b.input] : Array.isArray(b.input) ? b.input : null;
  if (!inputs || inputs.length === 0 || !inputs.every((x) => typeof x === 'string')) {
    return {
      status: 400,
      json: {
        error: {
          message: "'input' must be a non-empty string or array of strings (mock).",
          type: 'invalid_request_error',
          param: 'input',
          code: null,
        },
      },
    };
  }
  const dims = typeof b.dimensions === 'number' && b.dimensions > 0 ? Math.floor(b.dimensions) : defaultDimensions;
  const base64 = b.encoding_format === 'base64';
  const texts = inputs as string[];
  const tokens = texts.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
  return {
    status: 200,
    json: {
      object: 'list',
      data: texts.map((t, index) => {
        const vector = embed(t, dims);
        return { object: 'embedding', index, embedding: base64 ? toBase64(vector) : vector };
      }),
      model: typeof b.model === 'string' ? b.model : 'mock-embedding',
      usage: { prompt_tokens: tokens, total_tokens: tokens },
    },
  };
}
