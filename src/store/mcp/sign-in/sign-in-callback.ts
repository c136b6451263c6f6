/**
 * Recognises a page load that is an authorization server sending the person back from signing in to an MCP server
 * (`?code=…&state=…` or `?error=…&state=…`, on index.html or on the callback page beside it), and cleans the
 * address at once so a reload or Back never replays the code. Tiny on purpose: it runs on every start, and the
 * sign-in code loads only when this finds something.
 */
const CALLBACK_PAGE = 'oauth-callback.html';

export function takeSignInCallback(win: {
  location: Pick<Location, 'href' | 'search' | 'pathname'>;
  history: Pick<History, 'replaceState'>;
}): string | null {
  const params = new URLSearchParams(win.location.search);
  if (!params.has('state') || !(params.has('code') || params.has('error'))) return null;
  const href = win.location.href;
  const path = win.location.pathname.endsWith(`/${CALLBACK_PAGE}`)
    ? win.location.pathname.slice(0, -CALLBACK_PAGE.length)
    : win.location.pathname;
  win.history.replaceState(null, '', `${path}#/tools`);
  return href;
}
