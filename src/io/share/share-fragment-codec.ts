import { SHARE_FRAGMENT_PREFIX } from '../../domain/share-fragment';
import { ShareLinkError } from './share-errors';
import { fromBase64Url, toBase64Url } from './share-crypto';

/**
 * The fragment of a share link (architecture.md, "Share links"):
 *
 *   #share=1.i.<key>.<sealed>      the sealed session itself (small sessions)
 *   #share=1.s.<key>.<location>    where the sealed session is stored (the sender's sync storage), base64url
 *
 * `1` is the fragment's version; `<key>` the link's AES key (base64url, 43 characters). Only base64url characters
 * and dots follow the prefix, which chat apps and mail clients leave as they are.
 */
const FRAGMENT_VERSION = 1;

/**
 * The longest link that travels whole: 2,000 characters, the whole address included, the smallest message limit of
 * the chat apps people paste links into (Discord's; the figures are in architecture.md, "Share links"). Longer
 * shares go to the storage connected in "Sync and backup".
 */
export const MAX_INLINE_LINK_CHARS = 2000;

type ShareFragment =
  | { mode: 'inline'; key: string; sealed: Uint8Array }
  | { mode: 'stored'; key: string; location: string };

/** The page's own address (no query, no fragment) with the share fragment. */
export function formatShareLink(pageUrl: string, f: ShareFragment): string {
  const u = new URL(pageUrl);
  const base = `${u.origin}${u.pathname}`;
  const body =
    f.mode === 'inline'
      ? `i.${f.key}.${toBase64Url(f.sealed)}`
      : `s.${f.key}.${toBase64Url(new TextEncoder().encode(f.location))}`;
  return `${base}${SHARE_FRAGMENT_PREFIX}${FRAGMENT_VERSION}.${body}`;
}

const incomplete = () =>
  new ShareLinkError(
    'malformed',
    'This share link is incomplete or was changed: part of it is missing. Copy the whole link again (everything after "#share=") and open it.',
  );

/** Reads a share fragment (location.hash); throws ShareLinkError for anything that is not a whole one. */
export function parseShareFragment(hash: string): ShareFragment {
  if (!hash.startsWith(SHARE_FRAGMENT_PREFIX)) throw incomplete();
  const parts = hash.slice(SHARE_FRAGMENT_PREFIX.length).split('.');
  const [version, mode, key, data] = parts;
  if (parts.length !== 4 || version === undefined || mode === undefined || key === undefined || data === undefined)
    throw incomplete();
  if (!/^\d{1,6}$/.test(version)) throw incomplete();
  if (Number(version) > FRAGMENT_VERSION) {
    throw new ShareLinkError(
      'version',
      `This share link was made by a newer version of Toolscope (link format ${version}). Reload the page to get the newest version, then open the link again.`,
    );
  }
  if (Number(version) !== FRAGMENT_VERSION || !/^[A-Za-z0-9_-]{43}$/.test(key) || data === '') throw incomplete();
  const bytes = fromBase64Url(data);
  if (bytes === null) throw incomplete();
  if (mode === 'i') return { mode: 'inline', key, sealed: bytes };
  if (mode !== 's') throw incomplete();
  let location: URL;
  try {
    location = new URL(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw incomplete();
  }
  if (location.protocol !== 'https:' && location.protocol !== 'http:') throw incomplete();
  if (location.username !== '' || location.password !== '' || location.hash !== '') throw incomplete();
  return { mode: 'stored', key, location: location.toString() };
}
