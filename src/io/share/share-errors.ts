/**
 * What can go wrong with a share link, one kind per failure; `message` is a sentence a person can act on.
 * - malformed: the fragment is not a share link's shape (cut short, a character changed by a chat app);
 * - damaged: the sealed bytes fail to open (tampered, truncated, foreign) or are not a session after opening;
 * - version: made by a newer format than this page reads;
 * - too-large: inline too long for a link with no storage connected, or more than a tab opens safely;
 * - missing: the session to share is no longer stored here;
 * - removed / refused / unreachable: the storage holding a larger share (removed by "Stop sharing", asks for a
 *   sign-in, no answer).
 */
export type ShareLinkErrorKind =
  | 'malformed'
  | 'damaged'
  | 'version'
  | 'too-large'
  | 'missing'
  | 'removed'
  | 'refused'
  | 'unreachable';

export class ShareLinkError extends Error {
  override readonly name = 'ShareLinkError';
  constructor(
    readonly kind: ShareLinkErrorKind,
    message: string,
  ) {
    super(message);
  }
}
