/**
 * One refresh per refresh token. Authorization servers rotate refresh tokens (OAuth 2.1 asks them to): the first
 * request that redeems one gets new tokens, and any other request with the same token gets `invalid_grant`, on
 * which the SDK forgets the stored sign-in — including the tokens the first request just saved. Several requests
 * to one server can find the access token expired at the same moment (the Tools view lists prompts while a call
 * runs), so the page's requests for the same refresh token share one token request and read the same answer. A
 * successful answer is kept for a short while, for a request that read the old token just before it was replaced.
 */

type Answer = { status: number; statusText: string; headers: Array<[string, string]>; body: string };

/** How long a redeemed refresh token keeps answering with the tokens it got. */
const REPLAY_MS = 60_000;

export function shareRefreshes(base: typeof fetch, replayMs: number = REPLAY_MS): typeof fetch {
  const answers = new Map<string, Promise<Answer>>();
  return async (input, init) => {
    const key = refreshKey(input, init);
    if (key === null) return base(input, init);
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = base(input, init).then(async (response) => ({
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers.entries()],
        body: await response.text(),
      }));
      answers.set(key, answer);
      answer.then(
        (a) => {
          if (a.status >= 200 && a.status < 300) setTimeout(() => answers.delete(key), replayMs);
          else answers.delete(key);
        },
        () => answers.delete(key),
      );
    }
    const a = await answer;
    return new Response(a.body, { status: a.status, statusText: a.statusText, headers: a.headers });
  };
}

/** The token endpoint and refresh token of a refresh request; null for every other request. */
function refreshKey(input: RequestInfo | URL, init: RequestInit | undefined): string | null {
  const body = init?.body;
  if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || !(body instanceof URLSearchParams)) return null;
  if (body.get('grant_type') !== 'refresh_token') return null;
  const token = body.get('refresh_token');
  if (token === null) return null;
  const url = input instanceof Request ? input.url : input.toString();
  return `${url}\n${token}`;
}
