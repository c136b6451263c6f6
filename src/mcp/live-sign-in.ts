/**
 * A signed-in connection whose token runs out while it is open: the SDK refreshes it on the 401; when the refresh
 * is refused (or the token endpoint cannot be read by a page) the request fails. That failure is the person's to
 * fix by signing in again, not the tool's, so it becomes one typed error with the plain sentence, and the
 * connection's state turns to needs sign-in (architecture.md, "MCP sign-in"). A 403 insufficient_scope (the token
 * is good, but not for this request) is theirs too: they are asked to sign in again for more access.
 */
// Before the SDK's zod schemas are first used: no eval probe under the page's CSP (zod-jitless.ts).
import './zod-jitless';
import { UnauthorizedError } from '@modelcontextprotocol/client';
import { McpAuthError } from './auth/auth-error';
import type { McpAuthFailure } from './auth/auth-types';
import { insufficientScopeIn, moreAccessSentence } from './auth/challenge';
import { httpStatusOf } from './failure';
import { McpMoreAccessError, McpSignInExpiredError } from './sign-in-expired-error';
import type { McpConnectionState, McpSignInChallenge } from './types';

export function signInExpiredSentence(host: string): string {
  return `Your sign-in to ${host} ran out and could not be renewed: sign in again.`;
}

export type LiveSignInGuard = {
  host: string;
  takeAuthFailure?: () => McpAuthFailure | null;
  /** The server's latest WWW-Authenticate challenge on this connection, for the sign-in that follows. */
  challenge?: () => McpSignInChallenge | null;
  report: (state: McpConnectionState) => void;
};

/** The error a failed request on a signed-in connection should surface: `error` itself unless sign-in was lost. */
export function liveSignInFailure(error: unknown, guard: LiveSignInGuard): unknown {
  if (error instanceof McpSignInExpiredError || error instanceof McpMoreAccessError) return error;
  const moreAccess = insufficientScopeIn(error);
  if (moreAccess !== null) {
    const message = moreAccessSentence(guard.host, moreAccess);
    guard.report({ status: 'needs-sign-in', httpStatus: 403, message, challenge: moreAccess });
    return new McpMoreAccessError(message, moreAccess);
  }
  let failure: McpAuthFailure | null = null;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof McpAuthError) failure = e.failure;
  }
  const lost = failure !== null || error instanceof UnauthorizedError || httpStatusOf(error) === 401;
  if (!lost) return error;
  failure ??= guard.takeAuthFailure?.() ?? null;
  const message =
    failure !== null && failure.kind !== 'unreachable' ? failure.message : signInExpiredSentence(guard.host);
  const challenge = guard.challenge?.() ?? null;
  guard.report({
    status: 'needs-sign-in',
    httpStatus: 401,
    message,
    ...(challenge?.kind === 'sign-in' ? { challenge } : {}),
  });
  return new McpSignInExpiredError(message);
}
