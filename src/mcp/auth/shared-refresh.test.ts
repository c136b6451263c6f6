import { describe, expect, it } from 'vitest';
import { shareRefreshes } from './shared-refresh';

const TOKEN_URL = 'https://as.example/token';

function refresh(token: string): RequestInit {
  return {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: 'c' }),
  };
}

/** A token endpoint that rotates: each refresh token works once; answers wait until released. */
function rotatingEndpoint() {
  const valid = new Set(['r1']);
  let n = 0;
  const calls: string[] = [];
  const pending: Array<() => void> = [];
  const fetchFn = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams();
    calls.push(body.get('grant_type') === 'refresh_token' ? `refresh ${body.get('refresh_token')}` : 'other');
    await new Promise<void>((resolve) => pending.push(resolve));
    const token = body.get('refresh_token') ?? '';
    if (!valid.delete(token)) return new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 });
    n += 1;
    valid.add(`r${n + 1}`);
    return new Response(JSON.stringify({ access_token: `a${n + 1}`, refresh_token: `r${n + 1}` }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const release = () => pending.splice(0).forEach((r) => r());
  return { fetchFn, calls, release };
}

describe('shareRefreshes', () => {
  it('sends one token request for refreshes of the same token in flight together, and both read the new tokens', async () => {
    const ep = rotatingEndpoint();
    const shared = shareRefreshes(ep.fetchFn);
    const first = shared(TOKEN_URL, refresh('r1'));
    const second = shared(TOKEN_URL, refresh('r1'));
    await Promise.resolve();
    ep.release();
    const bodies = await Promise.all(
      [first, second].map(async (p) => (await p).json() as Promise<{ access_token: string }>),
    );
    expect(ep.calls).toEqual(['refresh r1']);
    expect(bodies.map((b) => b.access_token)).toEqual(['a2', 'a2']);
  });

  it('answers a refresh that read the old token after it was redeemed with the same new tokens', async () => {
    const ep = rotatingEndpoint();
    const shared = shareRefreshes(ep.fetchFn);
    const first = shared(TOKEN_URL, refresh('r1'));
    await Promise.resolve();
    ep.release();
    expect((await first).status).toBe(200);
    const late = await shared(TOKEN_URL, refresh('r1'));
    expect(late.status).toBe(200);
    expect(((await late.json()) as { refresh_token: string }).refresh_token).toBe('r2');
    expect(ep.calls).toEqual(['refresh r1']);
  });

  it('does not keep a refused refresh: the next attempt goes to the server again', async () => {
    const ep = rotatingEndpoint();
    const shared = shareRefreshes(ep.fetchFn);
    const refused = shared(TOKEN_URL, refresh('gone'));
    await Promise.resolve();
    ep.release();
    expect((await refused).status).toBe(400);
    const again = shared(TOKEN_URL, refresh('gone'));
    await new Promise((r) => setTimeout(r, 0));
    ep.release();
    expect((await again).status).toBe(400);
    expect(ep.calls).toEqual(['refresh gone', 'refresh gone']);
  });

  it('passes every other request through untouched', async () => {
    const ep = rotatingEndpoint();
    const shared = shareRefreshes(ep.fetchFn);
    const code = { method: 'POST', body: new URLSearchParams({ grant_type: 'authorization_code', code: 'x' }) };
    const a = shared(TOKEN_URL, code);
    const b = shared(TOKEN_URL, code);
    await new Promise((r) => setTimeout(r, 0));
    ep.release();
    await Promise.all([a, b]);
    expect(ep.calls).toEqual(['other', 'other']);
  });
});
