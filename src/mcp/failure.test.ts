import { describe, expect, it } from 'vitest';
import { diagnoseFailure } from './failure';
import { createWireLog, type WireEntry } from './wire-fetch';

const url = new URL('https://mcp.example/mcp');
const response = (
  status: number,
  extra: Partial<Extract<WireEntry['result'], { kind: 'response' }>> = {},
): WireEntry['result'] => ({
  kind: 'response',
  status,
  sessionId: false,
  wwwAuthenticate: null,
  contentType: 'application/json',
  location: null,
  ...extra,
});
function logOf(...entries: Array<Partial<WireEntry> & { result: WireEntry['result'] }>) {
  const log = createWireLog();
  for (const e of entries) log.entries.push({ url: url.href, method: 'POST', rpcMethod: null, headerNames: [], ...e });
  return log;
}
const ctx = (log: ReturnType<typeof createWireLog>, corsApplies = false) => ({
  url,
  log,
  corsApplies,
  fetch: async () => new Response(null),
  probeNoCors: async () => 'reachable' as const,
});

describe('what a failed connect means', () => {
  it('401 asks for sign-in; 403 says the credentials were refused', async () => {
    expect(
      await diagnoseFailure(new Error('x'), ctx(logOf({ result: response(401, { wwwAuthenticate: 'Bearer' }) }), true)),
    ).toMatchObject({ status: 'needs-sign-in', httpStatus: 401 });
    expect(await diagnoseFailure(new Error('x'), ctx(logOf({ result: response(403) })))).toMatchObject({
      status: 'needs-sign-in',
      httpStatus: 403,
    });
  });

  it('405, a web page, a 5xx, an odd answer', async () => {
    expect(await diagnoseFailure(new Error('x'), ctx(logOf({ result: response(405) })))).toMatchObject({
      failure: { kind: 'not-an-mcp-endpoint', status: 405 },
    });
    expect(
      await diagnoseFailure(
        new Error('x'),
        ctx(logOf({ result: response(200, { contentType: 'text/html; charset=utf-8' }) })),
      ),
    ).toMatchObject({ failure: { kind: 'not-an-mcp-endpoint', status: 200 } });
    expect(await diagnoseFailure(new Error('x'), ctx(logOf({ result: response(502) })))).toMatchObject({
      failure: { kind: 'protocol', message: expect.stringContaining('HTTP 502') },
    });
    expect(
      await diagnoseFailure(new Error('Invalid result for initialize'), ctx(logOf({ result: response(200) }))),
    ).toMatchObject({ failure: { kind: 'protocol', message: expect.stringContaining('Invalid result') } });
  });

  it('a refused optional GET stream is not the failure; the failed POST is', async () => {
    const log = logOf({ result: response(404) }, { method: 'GET', result: response(405) });
    expect(await diagnoseFailure(new Error('x'), ctx(log))).toMatchObject({
      failure: { kind: 'not-an-mcp-endpoint', status: 404 },
    });
  });

  it('a session the page could not read only counts as CORS from a page', async () => {
    const log = () => logOf({ rpcMethod: 'initialize', result: response(200) }, { result: response(400) });
    expect(await diagnoseFailure(new Error('x'), ctx(log(), true))).toMatchObject({
      failure: { kind: 'cors', gap: { kind: 'expose-headers', headers: ['mcp-session-id'] } },
    });
    expect(await diagnoseFailure(new Error('Bad Request'), ctx(log(), false))).toMatchObject({
      failure: { kind: 'protocol' },
    });
  });
});
