import { MAX_PLAINTEXT_BYTES } from './share-crypto';
import { ShareLinkError } from './share-errors';

/**
 * Reads a larger share's sealed bytes from the sender's storage: a plain GET of the location the link names, with
 * no cookies or credentials and no Referer (the page's address never goes along; the fragment never would).
 */
export async function fetchSharedObject(
  location: string,
  fetchFn: typeof fetch = (i, init) => fetch(i, init),
): Promise<Uint8Array> {
  const host = new URL(location).host;
  let res: Response;
  try {
    res = await fetchFn(location, {
      method: 'GET',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
  } catch {
    throw new ShareLinkError(
      'unreachable',
      `The storage holding this shared session (${host}) did not answer, or does not let this page ` +
        `read from it (CORS). Check your connection, or ask the sender to check their storage's settings.`,
    );
  }
  // The object's name is 128 random bits taken from an intact, sealed link: nothing there means it was removed.
  if (res.status === 404)
    throw new ShareLinkError(
      'removed',
      `The sender stopped sharing this session: it was removed from their storage (${host}). Ask them for a new link if you still need it.`,
    );
  if (res.status === 401 || res.status === 403) {
    throw new ShareLinkError(
      'refused',
      `The storage holding this shared session (${host}) asks for a sign-in (HTTP ${res.status}), ` +
        `so a link cannot read it. Ask the sender to make the storage's "shares" folder readable without ` +
        `signing in, or to share it again.`,
    );
  }
  if (!res.ok)
    throw new ShareLinkError(
      'unreachable',
      `The storage holding this shared session (${host}) answered HTTP ${res.status}. Try again later, or ask the sender to share it again.`,
    );
  const declared = Number(res.headers.get('Content-Length') ?? '0');
  const tooLarge = () =>
    new ShareLinkError(
      'too-large',
      'This shared session is larger than a browser tab can open safely (over 64 MB); nothing was read from it.',
    );
  if (declared > MAX_PLAINTEXT_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes.length > MAX_PLAINTEXT_BYTES) throw tooLarge();
  return bytes;
}
