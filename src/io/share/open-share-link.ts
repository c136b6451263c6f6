import { openShare } from './share-crypto';
import { fetchSharedObject } from './share-fetch';
import { parseShareFragment } from './share-fragment-codec';
import { decodeSharePlaintext, type OpenedShare } from './share-plaintext';

/**
 * Opens a share link's fragment: the sealed session from the fragment itself or from the storage it names, then
 * decrypted, inflated and checked as an import is. Throws ShareLinkError with a sentence for every failure.
 */
export async function openShareLink(hash: string, fetchFn?: typeof fetch): Promise<OpenedShare> {
  const f = parseShareFragment(hash);
  const sealed = f.mode === 'inline' ? f.sealed : await fetchSharedObject(f.location, fetchFn);
  return decodeSharePlaintext(await openShare(f.key, sealed));
}
