import type { McpAuthFailure } from './auth-types';

/** A sign-in failure carried through the SDK as an exception, then handed back as an McpAuthFailure. */
export class McpAuthError extends Error {
  constructor(readonly failure: McpAuthFailure) {
    super(failure.message);
    this.name = 'McpAuthError';
  }
}

export function tokenEndpointBlocksBrowsers(tokenEndpoint: string, pageOrigin: string | null): McpAuthFailure {
  const origin = new URL(tokenEndpoint).origin;
  const allow = pageOrigin !== null ? `${pageOrigin} (or *)` : "this page's origin (or *)";
  return {
    kind: 'token-endpoint-blocks-browsers',
    tokenEndpoint,
    message:
      `The authorization server ${origin} does not allow browsers: its token endpoint must send Access-Control-Allow-Origin: ${allow}, ` +
      ('and answer the preflight allowing the Content-Type header, so a web page can finish signing ' +
        'in. Ask whoever runs it to enable CORS on its token endpoint.'),
  };
}
