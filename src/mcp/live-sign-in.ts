/**
 * A signed-in connection whose token runs out while it is open: the SDK refreshes it on the 401; when the refresh
 * is refused (or the token endpoint cannot be read by a page) the request fails. That failure is the person's to
 * fix by signing in again, not the tool's, so it becomes one typed error with the plain sentence, and the
 * connection's state turns to needs sign-in (architecture.md, "MCP sign-in").
 */
// Before the SDK's zod schemas are first used: no eval probe under the page's CSP (zod-jitless.ts).
import './zod-jitless';
import { UnauthorizedError } from '@modelcontextprotocol/client';
import { McpAuthError } from './auth/auth-error';
import type { McpAuthFailure } from './auth/auth-types';
import { httpStatusOf } from './failure';
import { McpSignInExpiredError } from './sign-in-expired-error';
import type { McpConnectionState } from './types';


export function signInExpiredSentence(host: string): string {
  return `Your sign-in to ${host} ran out and could not be renewed: sign in again.`;
}

export type LiveSignInGuard = {
  host: string;
  takeAuthFailure?: () => McpAuthFailure | null;
  report: (state: McpConnectionState) => void;
};

/** The error a failed request on a signed-in connection should surface: `error` itself unless sign-in was lost. */
export function liveSignInFailure(error: unknown, guard: LiveSignInGuard): unknown {
  if (error instanceof McpSignInExpiredError) return error;
  let failure: McpAuthFailure | null = null;
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof McpAuthError) failure = e.failure;
  }
  const lost = failure !== null || error instanceof UnauthorizedError || httpStatusOf(error) === 401;
  if (!lost) return error;
  failure ??= guard.takeAuthFailure?.() ?? null;
  const message = failure !== null && failure.kind !== 'unreachable' ? failure.message : signInExpiredSentence(guard.host);
  guard.report({ status: 'needs-sign-in', httpStatus: 401, message });
  return new McpSignInExpiredError(message);
}
