import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModelError } from '../agent/errors';
import { piecewiseBody as bodyOf } from './testing/piecewise-body';
import { readSSE } from './sse-reader';

const FIXTURES = join(import.meta.dirname, '../agent/__fixtures__/openai-sse');
const files = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.sse'))
  .sort();
const encoder = new TextEncoder();
/** Files up to this size are split at every byte boundary; larger ones at random boundaries (their first 8 KB are
 * also read one byte at a time, which cuts at every boundary there in one pass). */
const SMALL = 2000;

type Outcome = {
  chunks: unknown[];
  error: { kind: string; status: number | null; code: string | null; message: string; retryable: boolean } | null;
};

/** An independent, whole-text reading of the SSE format (regex split on blank lines) to compare against. */
function reference(text: string): Outcome {
  const chunks: unknown[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    let event = '';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      const m = /^([^:]*)(?::(.*))?$/.exec(line);
      if (!m || m[1] === '') continue;
      const value = (m[2] ?? '').replace(/^ /, '');
      if (m[1] === 'data') data.push(value);
      if (m[1] === 'event') event = value;
    }
    if (data.length === 0) continue;
    const payload = data.join('\n');
    if (payload === '[DONE]') break;
    const parsed: unknown = JSON.parse(payload);
    const err = event === 'error' ? parsed : (parsed as { error?: unknown }).error ? parsed : null;
    if (err) {
      const e = (err as { error: { message: string } }).error;
      return {
        chunks,
        error: { kind: 'provider_stream_error', status: null, code: null, message: e.message, retryable: false },
      };
    }
    chunks.push(parsed);
  }
  return { chunks, error: null };
}

async function run(pieces: Uint8Array[]): Promise<Outcome> {
  const chunks: unknown[] = [];
  try {
    for await (const chunk of readSSE(bodyOf(pieces))) chunks.push(chunk);
    return { chunks, error: null };
  } catch (err) {
    if (!(err instanceof ModelError)) throw err;
    const info = err.info;
    if (info.kind !== 'provider_stream_error') throw err;
    return {
      chunks,
      error: { kind: info.kind, status: info.status, code: info.code, message: info.message, retryable: err.retryable },
    };
  }
}

/** Splits at the given byte offsets. */
function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (const cut of cuts) {
    out.push(bytes.subarray(from, cut));
    from = cut;
  }
  out.push(bytes.subarray(from));
  return out;
}

/** Deterministic pseudo-random cut points so a failure can be reproduced. */
function randomCuts(length: number, count: number, seed: number): number[] {
  let s = seed;
  const cuts = new Set<number>();
  while (cuts.size < Math.min(count, length - 1)) {
    s = (s * 1103515245 + 12345) % 2147483648;
    cuts.add(1 + (s % (length - 1)));
  }
  return [...cuts].sort((a, b) => a - b);
}

const sameIgnoringErrorDetail = (got: Outcome, want: Outcome): void => {
  expect(got.chunks).toEqual(want.chunks);
  expect(got.error?.kind ?? null).toBe(want.error?.kind ?? null);
  expect(got.error?.message ?? null).toBe(want.error?.message ?? null);
};

describe('readSSE on the recorded fixtures', () => {
  // The cases below are made from the folder's files: without this, an empty or moved folder would run none of them.
  it('finds the recorded fixtures', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) {
    const text = readFileSync(join(FIXTURES, file), 'utf8');
    const bytes = encoder.encode(text);
    const want = reference(text);
    const crlf = encoder.encode(text.replace(/\n/g, '\r\n'));

    it(`${file}: whole body, one byte per read, and CRLF line ends`, async () => {
      expect(want.chunks.length + (want.error ? 1 : 0)).toBeGreaterThan(0);
      sameIgnoringErrorDetail(await run([bytes]), want);
      const head = bytes.length <= 8_192 ? bytes : bytes.subarray(0, bytes.indexOf(10, 8_192) + 2);
      sameIgnoringErrorDetail(
        await run(
          splitAt(
            head,
            Array.from({ length: head.length - 1 }, (_, i) => i + 1),
          ),
        ),
        reference(new TextDecoder().decode(head)),
      );
      sameIgnoringErrorDetail(await run(splitAt(crlf, randomCuts(crlf.length, 40, 7))), want);
    });

    it(`${file}: split at ${bytes.length <= SMALL ? 'every byte boundary' : '120 random boundaries'}`, async () => {
      const cuts =
        bytes.length <= SMALL
          ? Array.from({ length: bytes.length - 1 }, (_, i) => i + 1)
          : randomCuts(bytes.length, 120, bytes.length);
      for (const cut of cuts) sameIgnoringErrorDetail(await run(splitAt(bytes, [cut])), want);
      for (let seed = 1; seed <= 10; seed++)
        sameIgnoringErrorDetail(await run(splitAt(bytes, randomCuts(bytes.length, 25, seed))), want);
    });
  }
});

describe('readSSE provider errors', () => {
  const load = (name: string) => encoder.encode(readFileSync(join(FIXTURES, name), 'utf8'));

  it('turns an `event: error` (Groq) into a non-retryable provider_stream_error with status and code, after the reasoning chunks', async () => {
    const out = await run([load('groq-gpt-oss-120b-reasoning-then-event-error.sse')]);
    expect(out.chunks.length).toBeGreaterThan(90);
    expect(out.error).toMatchObject({ status: 400, code: 'tool_use_failed', retryable: false });
    expect(out.error?.message).toMatch(/^Tool call validation failed/);
  });

  it('turns a first-chunk `{"error":…}` (OpenAI server_error) into a retryable error', async () => {
    const out = await run([load('openai-error-payload-first-chunk.sse')]);
    expect(out.chunks).toEqual([]);
    expect(out.error).toMatchObject({ status: null, code: 'server_error', retryable: true });
    expect(out.error?.message).toMatch(/^The server had an error processing your request/);
  });

  it("reads OpenRouter's numeric `code` as the status", async () => {
    const out = await run([load('openrouter-minimax-m2-length-then-error-chunk.sse')]);
    expect(out.error).toMatchObject({ status: 400, code: '400', message: 'Token limit reached', retryable: false });
  });

  it('treats 5xx and overloaded-like codes as retryable, others not', async () => {
    const cases: Array<[string, boolean]> = [
      ['{"error":{"message":"m","code":502}}', true],
      ['{"error":{"message":"m","type":"overloaded_error"}}', true],
      ['{"error":{"message":"m","code":"rate_limit_exceeded"}}', true],
      ['{"error":{"message":"m","code":"invalid_api_key"}}', false],
      ['{"error":"plain string error"}', false],
    ];
    for (const [payload, retryable] of cases) {
      const out = await run([encoder.encode(`data: ${payload}\n\n`)]);
      expect(out.error?.retryable, payload).toBe(retryable);
    }
  });

  it('reads a context-length error in the stream as context_limit, not retryable', async () => {
    const it = readSSE(
      bodyOf([
        encoder.encode(
          'data: {"error":{"message":"maximum context length is 8192 tokens","code":"context_length_exceeded"}}\n\n',
        ),
      ]),
    );
    await expect(it.next()).rejects.toMatchObject({
      retryable: false,
      info: { kind: 'context_limit', limitTokens: 8192 },
    });
  });

  it('takes the message from a non-JSON `event: error` payload and redacts the key', async () => {
    const chunks: unknown[] = [];
    const body = bodyOf([encoder.encode('data: {"a":1}\n\nevent: error\ndata: bad key sk-secret-123456 used\n\n')]);
    const err = await (async () => {
      try {
        for await (const c of readSSE(body, { redact: (t) => t.replace('sk-secret-123456', '[redacted]') }))
          chunks.push(c);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(chunks).toEqual([{ a: 1 }]);
    expect(err).toBeInstanceOf(ModelError);
    expect((err as ModelError).message).toBe('bad key [redacted] used');
  });
});

describe('readSSE framing', () => {
  it('joins multi-line data with \\n, skips comments and unknown fields, and keeps UTF-8 split across reads', async () => {
    const text = ': hello\r\nid: 1\r\nretry: 10\r\ndata: {"t":\r\ndata: "héllo 🙂"}\r\n\r\n:\n\ndata:{"n":2}\n\n';
    const bytes = encoder.encode(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const out = await run(splitAt(bytes, [cut]));
      expect(out.chunks).toEqual([{ t: 'héllo 🙂' }, { n: 2 }]);
    }
  });

  it('stops at [DONE] and ignores what follows', async () => {
    const out = await run([encoder.encode('data: {"a":1}\n\ndata: [DONE]\n\ndata: {"b":2}\n\n')]);
    expect(out.chunks).toEqual([{ a: 1 }]);
  });

  it('delivers a last event that lacks its closing blank line', async () => {
    const out = await run([encoder.encode('data: {"a":1}\n\ndata: {"b":2}')]);
    expect(out.chunks).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('reports a body cut inside a chunk as a retryable network error', async () => {
    await expect(run([encoder.encode('data: {"a":1}\n\ndata: {"b":')])).rejects.toMatchObject({
      info: { kind: 'network' },
      retryable: true,
    });
  });

  it('reports a malformed chunk in mid-stream as a non-retryable provider error', async () => {
    const out = await run([encoder.encode('data: {"a":1}\n\ndata: not json\n\ndata: {"b":2}\n\n')]);
    expect(out.chunks).toEqual([{ a: 1 }]);
    expect(out.error).toMatchObject({ code: 'invalid_json', retryable: false });
  });

  it('reports a failed read as a retryable network error', async () => {
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(encoder.encode('data: {"a":1}\n\n'));
        } else controller.error(new TypeError('terminated'));
      },
    });
    const seen: unknown[] = [];
    const iterate = async () => {
      for await (const c of readSSE(body)) seen.push(c);
    };
    await expect(iterate()).rejects.toMatchObject({ info: { kind: 'network' }, retryable: true });
    expect(seen).toEqual([{ a: 1 }]);
  });

  it('rejects with AbortError and cancels the body when the signal aborts during a read', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: {"a":1}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const it = readSSE(body, { signal: controller.signal });
    expect(await it.next()).toEqual({ done: false, value: { a: 1 } });
    const pending = it.next();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(cancelled).toBe(true);
  });

  it('cancels the body when the consumer stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: {"a":1}\n\ndata: {"a":2}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const chunk of readSSE(body)) {
      expect(chunk).toEqual({ a: 1 });
      break;
    }
    expect(cancelled).toBe(true);
  });

  it('reports reads that bring bytes but no whole event (keep-alive comments) as activity, and reads with events not', async () => {
    let activity = 0;
    const pieces = [
      ': OPENROUTER PROCESSING\n\n',
      ': OPENROUTER PROCESSING\n\n',
      'data: {"a":',
      '1}\n\n',
      'data: {"b":2}\n\n',
    ].map((p) => encoder.encode(p));
    const seen: unknown[] = [];
    const onActivity = () => {
      activity++;
    };
    for await (const c of readSSE(bodyOf(pieces), { onActivity })) seen.push(c);
    expect(seen).toEqual([{ a: 1 }, { b: 2 }]);
    // Two comments and the first half of an event; the reads that completed events are chunks already.
    expect(activity).toBe(3);
  });
});

describe('readSSE end of stream with isFinal', () => {
  const isFinal = (c: unknown) => (c as { final?: boolean }).final === true;
  const read = async (text: string) => {
    const seen: unknown[] = [];
    try {
      for await (const c of readSSE(bodyOf([encoder.encode(text)]), { isFinal })) seen.push(c);
      return { seen, error: null };
    } catch (error) {
      return { seen, error };
    }
  };

  it('a body that ends without [DONE] and without a final chunk is a retryable network error, after its chunks', async () => {
    const { seen, error } = await read('data: {"a":1}\n\ndata: {"a":2}\n\n');
    expect(seen).toEqual([{ a: 1 }, { a: 2 }]);
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      retryable: true,
      info: { kind: 'network', message: expect.stringMatching(/stream ended before the reply was complete/) },
    });
  });

  it('a final chunk without [DONE], or [DONE] without a final chunk, is a complete stream', async () => {
    expect(await read('data: {"a":1}\n\ndata: {"final":true}\n\ndata: {"usage":1}\n\n')).toEqual({
      seen: [{ a: 1 }, { final: true }, { usage: 1 }],
      error: null,
    });
    expect(await read('data: {"a":1}\n\ndata: [DONE]\n\n')).toEqual({ seen: [{ a: 1 }], error: null });
  });

  it('without isFinal the reader does not judge how a stream ends', async () => {
    expect((await run([encoder.encode('data: {"a":1}\n\n')])).error).toBeNull();
  });
});
