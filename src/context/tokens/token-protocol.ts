import { countBounded } from '../bounded-count';
import type { Encoding, TokenCount } from './token-count';

/** Messages between the page and the token worker; replies match requests by id. */
export type CountRequest = { type: 'count'; id: number; encoding: Encoding; texts: string[] };
export type CountReply =
  | { type: 'counted'; id: number; counts: TokenCount[] }
  | { type: 'failed'; id: number; message: string };

/** Counts one segment with an encoding's tokenizer. */
type SegmentCounter = (segment: string) => number;

/** Loads an encoding's tokenizer (large: it loads on first use, in the worker). */
async function loadSegmentCounter(encoding: Encoding): Promise<SegmentCounter> {
  // Text is counted as the API reads it: "<|endoftext|>" in a message is ordinary text, not a special token
  // (the library's default would throw on it).
  const plain = { disallowedSpecial: new Set<string>() };
  if (encoding === 'o200k_base') {
    const mod = await import('gpt-tokenizer/encoding/o200k_base');
    return (s) => mod.countTokens(s, plain);
  }
  const mod = await import('gpt-tokenizer/encoding/cl100k_base');
  return (s) => mod.countTokens(s, plain);
}

/** The worker's side: one request, one reply. Never throws, so a bad request cannot stop the worker. */
export async function answerCount(
  load: (encoding: Encoding) => Promise<SegmentCounter>,
  request: CountRequest,
): Promise<CountReply> {
  try {
    const countSegment = await load(request.encoding);
    return { type: 'counted', id: request.id, counts: request.texts.map((t) => countBounded(t, { countSegment })) };
  } catch (err) {
    return { type: 'failed', id: request.id, message: err instanceof Error ? err.message : String(err) };
  }
}

/** Each encoding loaded once per worker (or per page, in process). */
export function cachedLoader(
  load: (encoding: Encoding) => Promise<SegmentCounter> = loadSegmentCounter,
): (encoding: Encoding) => Promise<SegmentCounter> {
  const loaded = new Map<Encoding, Promise<SegmentCounter>>();
  return (encoding) => {
    let p = loaded.get(encoding);
    if (!p) {
      p = load(encoding);
      // A failed load (offline) may succeed next time.
      p.catch(() => loaded.delete(encoding));
      loaded.set(encoding, p);
    }
    return p;
  };
}
