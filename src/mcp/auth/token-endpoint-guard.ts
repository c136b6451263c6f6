/**
 * The usual reason a page cannot sign in: the authorization server serves its metadata and login page to anyone,
 * but its token endpoint sends no CORS headers, so the browser refuses the page the answer and the code exchange
 * fails as a bare network error. This fetch wrapper names that case: when a token request (a form POST carrying
 * grant_type) fails as a network error, a no-cors request to the same URL tells "up, but refuses this page"
 * apart from "not reachable".
 */
import type { NoCorsProbe } from '../types';
import { McpAuthError, tokenEndpointBlocksBrowsers } from './auth-error';

export function guardTokenEndpoint(
  base: typeof fetch,
  probeNoCors: NoCorsProbe,
  pageOrigin: string | null,
): typeof fetch {
  return async (input, init) => {
    try {
      return await base(input, init);
    } catch (error) {
      const url = input instanceof Request ? input.url : input.toString();
      if (!isTokenRequest(init) || init?.signal?.aborted === true || !(error instanceof TypeError)) throw error;
      if ((await probeNoCors(url)) === 'reachable')
        throw new McpAuthError(tokenEndpointBlocksBrowsers(url, pageOrigin));
      throw new McpAuthError({
        kind: 'unreachable',
        message: `The authorization server's token endpoint ${url} could not be reached. Check your connection and try again.`,
      });
    }
  };
}

function isTokenRequest(init: RequestInit | undefined): boolean {
  const body = init?.body;
  return (init?.method ?? 'GET').toUpperCase() === 'POST' && body instanceof URLSearchParams && body.has('grant_type');
}
