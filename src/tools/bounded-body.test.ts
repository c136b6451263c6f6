import { describe, expect, it } from 'vitest';
import { boundedText, readBounded } from './bounded-body';

/** A response whose body arrives in `chunks`, counting how many were pulled. */
function streamed(chunks: Uint8Array[]): { res: Response; pulled: () => number } {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[i++];
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  return { res: new Response(body), pulled: () => i };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('readBounded', () => {
  it('reads a small body whole', async () => {
    const body = await readBounded(new Response('hello'), 100);
    expect(body).toEqual({ text: 'hello', totalBytes: 5, complete: true });
    expect(boundedText(body, 100)).toBe('hello');
  });

  it('keeps only the first bytes of a 5 MB one-line body and says how much was left out', async () => {
    const mb = bytes('a'.repeat(1024 * 1024));
    const { res } = streamed([mb, mb, mb, mb, mb]);
    const body = await readBounded(res, 1000);
    expect(body.text).toBe('a'.repeat(1000));
    expect(body.totalBytes).toBe(5 * 1024 * 1024);
    expect(boundedText(body, 10)).toBe(`aaaaaaaaaa\n…[output truncated: ${5 * 1024 * 1024 - 10} bytes omitted]`);
  });

  it('stops downloading past the count cap and says "at least"', async () => {
    const chunk = bytes('b'.repeat(1000));
    const { res, pulled } = streamed(Array.from({ length: 1000 }, () => chunk));
    const body = await readBounded(res, 100, 5_000);
    expect(body.complete).toBe(false);
    expect(pulled()).toBeLessThan(20);
    expect(boundedText(body, 100)).toMatch(/^b{100}\n…\[output truncated: at least \d+ bytes omitted\]$/);
  });

  it('never ends inside a character, even when a chunk split it', async () => {
    const euro = bytes('€€€'); // 3 bytes each
    const { res } = streamed([euro.subarray(0, 4), euro.subarray(4)]);
    const body = await readBounded(res, 4);
    expect(body.text).toBe('€');
    expect(boundedText(body, 2)).toBe('\n…[output truncated: 9 bytes omitted]');
  });
});
