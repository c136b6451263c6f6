/**
 * The sign-in errors a call on a signed-in connection can end with (live-sign-in.ts). Their own SDK-free module: the
 * tool adapter checks for them on every run, and the SDK loads only with a connection.
 */
import type { McpSignInChallenge } from './types';

/** The sign-in ran out and could not be renewed. */
export class McpSignInExpiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpSignInExpiredError';
  }
}

/** The server takes the token but wants more scope for this request (403 insufficient_scope): sign in again. */
export class McpMoreAccessError extends Error {
  constructor(
    message: string,
    readonly challenge: McpSignInChallenge,
  ) {
    super(message);
    this.name = 'McpMoreAccessError';
  }
}
