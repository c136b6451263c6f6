import { describe, expect, it } from 'vitest';
import { pushTraces, tracesEndpoint } from './otlp-push';
import type { OtlpTraces } from './otlp-types';

const trace: OtlpTraces = {
  resourceSpans: [
    {
      scopeSpans: [
        {
          spans: [
            {
              traceId: 'a'.repeat(32),
              spanId: 'b'.repeat(16),
              name: 'x',
              startTimeUnixNano: '1',
              endTimeUnixNano: '2',
            },
          ],
        },
      ],
    },
  ],
};

/** A fetch that answers the POST with `answer` and the no-cors probe as `probe` says. */
function fakeFetch(answer: Response | Error, probe: 'answers' | 'nothing' = 'answers') {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    if (init?.mode === 'no-cors') {
      if (probe === 'nothing') throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    }
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof fetch;
  return { fn, calls };
}

describe('pushTraces', () => {
  it('adds /v1/traces to a base URL and keeps a URL that has it', () => {
    expect(tracesEndpoint('http://localhost:4318')?.href).toBe('http://localhost:4318/v1/traces');
    expect(tracesEndpoint('https://cloud.example/api/public/otel/')?.href).toBe(
      'https://cloud.example/api/public/otel/v1/traces',
    );
    expect(tracesEndpoint('http://h:6006/v1/traces')?.href).toBe('http://h:6006/v1/traces');
    expect(tracesEndpoint('ftp://h')).toBeNull();
  });

  it('posts JSON once with the headers, no credentials and no redirects', async () => {
    const f = fakeFetch(new Response('{}', { status: 200 }));
    expect(await pushTraces('http://c:4318', { 'x-key': 'k1' }, trace, { fetchFn: f.fn })).toMatchObject({
      ok: true,
      spans: 1,
    });
    expect(f.calls).toHaveLength(1);
    const init = f.calls[0]!.init!;
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      redirect: 'error',
      headers: { 'x-key': 'k1', 'Content-Type': 'application/json' },
    });
    expect(JSON.parse(init.body as string)).toEqual(trace);
  });

  it('tells CORS from an unreachable collector, and nothing is retried', async () => {
    const cors = fakeFetch(new TypeError('Failed to fetch'), 'answers');
    const r1 = await pushTraces('http://c:4318', {}, trace, { fetchFn: cors.fn, pageOrigin: 'https://app.example' });
    expect(r1).toMatchObject({ ok: false, kind: 'cors' });
    expect(!r1.ok && r1.message).toContain('must allow the origin https://app.example');
    expect(cors.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(1);
    const down = fakeFetch(new TypeError('Failed to fetch'), 'nothing');
    expect(await pushTraces('http://c:4318', {}, trace, { fetchFn: down.fn })).toMatchObject({
      ok: false,
      kind: 'unreachable',
      message: expect.stringContaining('could not be reached'),
    });
  });

  it('has a sentence for 401, 403, 413, other statuses and partial rejections', async () => {
    const run = (r: Response) => pushTraces('http://c:4318', {}, trace, { fetchFn: fakeFetch(r).fn });
    expect(await run(new Response('', { status: 401 }))).toMatchObject({
      kind: 'auth',
      message: expect.stringContaining('Check the collector headers in Settings'),
    });
    expect(await run(new Response('', { status: 403 }))).toMatchObject({ kind: 'auth', status: 403 });
    expect(await run(new Response('', { status: 413 }))).toMatchObject({
      kind: 'too_large',
      message: expect.stringContaining('HTTP 413'),
    });
    expect(await run(new Response('overloaded', { status: 503 }))).toMatchObject({
      kind: 'http',
      message: expect.stringContaining('HTTP 503: overloaded. Nothing was retried.'),
    });
    expect(
      await run(new Response('{"partialSuccess":{"rejectedSpans":"1","errorMessage":"bad span"}}', { status: 200 })),
    ).toMatchObject({ kind: 'rejected', message: expect.stringContaining('rejected 1 of 1 spans: bad span') });
    expect(await pushTraces('not a url', {}, trace)).toMatchObject({ kind: 'bad_url' });
  });
});
