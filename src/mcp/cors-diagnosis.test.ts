/*
 * The decision logic of the CORS diagnosis, with the probes injected: in a browser the no-cors probe and the CORS
 * requests are real fetches; here they are answers chosen per case. (The same logic runs against real servers,
 * through a browser-rules fetch, in connection-failures.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { diagnoseNetworkFailure } from './cors-diagnosis';
import type { NoCorsProbe } from './types';

const URL_ = 'https://mcp.example/mcp';
const reachable: NoCorsProbe = async () => 'reachable';
const unreachable: NoCorsProbe = async () => 'unreachable';

/** A page fetch that a CORS-checking browser would refuse whenever the request carries one of `refused`. */
function pageFetch(refused: { origin?: boolean; headers?: string[] }): typeof fetch & { calls: Headers[] } {
  const calls: Headers[] = [];
  const f = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push(headers);
    if (refused.origin === true) throw new TypeError('Failed to fetch');
    for (const h of refused.headers ?? []) if (headers.has(h)) throw new TypeError('Failed to fetch');
    return new Response(null, { status: 405 });
  };
  return Object.assign(f, { calls });
}

const sent = ['content-type', 'accept', 'mcp-protocol-version', 'mcp-method', 'x-api-key'];

describe('telling CORS from an unreachable server', () => {
  it('nothing answers the no-cors probe: unreachable, with no CORS requests made', async () => {
    const f = pageFetch({});
    const failure = await diagnoseNetworkFailure(URL_, sent, true, { fetch: f, probeNoCors: unreachable });
    expect(failure).toMatchObject({ kind: 'unreachable', message: expect.stringContaining('mcp.example') });
    expect(f.calls).toEqual([]);
  });

  it('a probe that throws counts as unreachable', async () => {
    const failure = await diagnoseNetworkFailure(URL_, sent, true, {
      fetch: pageFetch({}),
      probeNoCors: async () => Promise.reject(new Error('x')),
    });
    expect(failure.kind).toBe('unreachable');
  });

  it('the server answers but CORS does not apply (same origin, or Node): never called CORS', async () => {
    expect(
      (await diagnoseNetworkFailure(URL_, sent, false, { fetch: pageFetch({ origin: true }), probeNoCors: reachable }))
        .kind,
    ).toBe('unreachable');
  });

  it('even a plain request is refused: allow-origin', async () => {
    expect(
      await diagnoseNetworkFailure(URL_, sent, true, { fetch: pageFetch({ origin: true }), probeNoCors: reachable }),
    ).toMatchObject({ kind: 'cors', gap: { kind: 'allow-origin' } });
  });

  it('names exactly the refused headers, probing each alone with dummy values', async () => {
    const f = pageFetch({ headers: ['mcp-protocol-version', 'x-api-key'] });
    const failure = await diagnoseNetworkFailure(URL_, sent, true, { fetch: f, probeNoCors: reachable });
    expect(failure).toMatchObject({
      kind: 'cors',
      gap: { kind: 'allow-headers', headers: ['mcp-protocol-version', 'x-api-key'] },
    });
    expect(f.calls.map((h) => h.get('x-api-key')).filter((v) => v !== null)).toEqual(['x']);
  });

  it('no single header is refused: unknown, listing what was sent', async () => {
    const failure = await diagnoseNetworkFailure(URL_, sent, true, { fetch: pageFetch({}), probeNoCors: reachable });
    expect(failure).toMatchObject({
      kind: 'cors',
      gap: { kind: 'unknown', headers: ['content-type', 'mcp-method', 'mcp-protocol-version', 'x-api-key'] },
    });
  });
});
