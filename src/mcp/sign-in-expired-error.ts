/**
 * A call on a signed-in connection failed because the sign-in ran out and could not be renewed (live-sign-in.ts).
 * Its own SDK-free module: the tool adapter checks for it on every run, and the SDK loads only with a connection.
 */
export class McpSignInExpiredError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'McpSignInExpiredError';
  }
}
