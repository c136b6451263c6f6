import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { piecewiseBody as bodyOf } from './testing/piecewise-body';
import { readSSE, readSSEBatches } from './sse-reader';

// readSSEBatches hands out each read's events at once; flattened, it must be readSSE event for event, error for error.
const DIRS = [
  join(import.meta.dirname, '../agent/__fixtures__/openai-sse'),
  join(import.meta.dirname, 'wire/anthropic/__fixtures__'),
];
const files = DIRS.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => /\.(sse|txt)$/.test(f) && !f.startsWith('README'))
    .map((f) => join(dir, f)),
);
const encoder = new TextEncoder();

/** An SSE body as the provider sends it: the AI SDK's `.chunks.txt` (a data object per line) framed with its event name. */
function sseText(file: string): string {
  const text = readFileSync(file, 'utf8');
  if (/^data:/m.test(text)) return text;
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => `event: ${(JSON.parse(l) as { type: string }).type}\ndata: ${l}\n\n`)
    .join('');
}

function piecesOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}

type Read = { events: unknown[]; batches: number; error: string | null };

async function drain(iter: AsyncIterable<unknown>, batched: boolean): Promise<Read> {
  const out: Read = { events: [], batches: 0, error: null };
  try {
    for await (const item of iter) {
      out.batches++;
      if (batched) out.events.push(...(item as unknown[]));
      else out.events.push(item);
    }
  } catch (err) {
    out.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  }
  return out;
}

describe('readSSEBatches against readSSE', () => {
  it('finds the recorded streams', () => {
    expect(files.length).toBeGreaterThan(5);
  });
  for (const file of files) {
    const bytes = encoder.encode(sseText(file));
    it(`${file.split('/').slice(-2).join('/')}: the same events and the same error, whatever the read size`, async () => {
      for (const size of [1, 7, 100, 4096, bytes.length]) {
        const one = await drain(readSSE(bodyOf(piecesOf(bytes, size))), false);
        const many = await drain(readSSEBatches(bodyOf(piecesOf(bytes, size))), true);
        expect(one.events.length + (one.error === null ? 0 : 1)).toBeGreaterThan(0);
        expect(many.events).toEqual(one.events);
        expect(many.error).toBe(one.error);
        // Never an empty batch, and never more batches than events.
        expect(many.batches).toBeLessThanOrEqual(Math.max(one.events.length, 1));
      }
    });
  }

  it('a body cut before its final event rejects after the events it had, as readSSE does', async () => {
    const text = 'data: {"a":1}\n\ndata: {"a":2}\n\n';
    const isFinal = (e: unknown) => (e as { done?: boolean }).done === true;
    const many = await drain(readSSEBatches(bodyOf([encoder.encode(text)]), { isFinal }), true);
    expect(many.events).toEqual([{ a: 1 }, { a: 2 }]);
    expect(many.batches).toBe(1);
    expect(many.error).toMatch(/ended before the reply was complete/);
  });
});
