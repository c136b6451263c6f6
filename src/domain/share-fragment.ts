/**
 * The one part of share links in the first load (architecture.md, "Share links"): whether an address is one.
 * A share link is the page's own address with `#share=` and the sealed session (or where it is, and its key) after
 * it. The fragment is never sent by the browser; everything that reads it loads only when one is opened.
 */
export const SHARE_FRAGMENT_PREFIX = '#share=';

/** Whether `hash` (location.hash, with its `#`) is a share link's fragment. */
export function isShareFragment(hash: string): boolean {
  return hash.startsWith(SHARE_FRAGMENT_PREFIX);
}
