import { ShareLinkError } from './share-errors';

/**
 * The sealing of a share link (architecture.md, "Share links"): deflate with the browser's CompressionStream, then
 * AES-256-GCM under a fresh random key made for this one link. The sealed bytes are `iv (12) | ciphertext+tag`;
 * the associated data names the format, so bytes of another format or version never open as a share.
 */

const IV_BYTES = 12;
const KEY_BYTES = 32;
const AAD = new TextEncoder().encode('toolscope-share:1');

/** Decompressed plaintext above this is refused as it streams out (a small hostile payload cannot fill memory). */
export const MAX_PLAINTEXT_BYTES = 64 * 1024 * 1024;

export function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Null for anything that is not unpadded base64url (a character a chat app changed, a cut in the middle of a group). */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  try {
    const bin = atob(b64);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

const buf = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

async function compress(bytes: Uint8Array): Promise<Uint8Array> {
  const out = new Response(new Blob([buf(bytes)]).stream().pipeThrough(new CompressionStream('deflate-raw')));
  return new Uint8Array(await out.arrayBuffer());
}

/** Inflates, refusing output beyond `limit` bytes; a torn stream is a damaged link. */
async function decompress(bytes: Uint8Array, limit: number): Promise<Uint8Array> {
  const reader = new Blob([buf(bytes)]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > limit) {
        await reader.cancel();
        throw new ShareLinkError(
          'too-large',
          'This shared session is larger than a browser tab can open safely (over 64 MB); nothing was read from it.',
        );
      }
      parts.push(value);
    }
  } catch (e) {
    if (e instanceof ShareLinkError) throw e;
    throw new ShareLinkError(
      'damaged',
      'This share link could not be opened: its contents are damaged. Ask the sender for the link again.',
    );
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

type SealedShare = { key: string; sealed: Uint8Array };

/** Compresses and encrypts under a new random key; the key comes back as base64url for the fragment. */
export async function sealShare(plain: Uint8Array): Promise<SealedShare> {
  const raw = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  const key = await crypto.subtle.importKey('raw', buf(raw), 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ct = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: buf(iv), additionalData: buf(AAD) },
      key,
      buf(await compress(plain)),
    ),
  );
  const sealed = new Uint8Array(IV_BYTES + ct.length);
  sealed.set(iv);
  sealed.set(ct, IV_BYTES);
  return { key: toBase64Url(raw), sealed };
}

/** Decrypts and inflates; any changed, cut or foreign byte fails the GCM tag and nothing is returned. */
export async function openShare(keyText: string, sealed: Uint8Array, limit = MAX_PLAINTEXT_BYTES): Promise<Uint8Array> {
  const raw = fromBase64Url(keyText);
  if (raw === null || raw.length !== KEY_BYTES)
    throw new ShareLinkError(
      'malformed',
      'This share link is incomplete: its key is cut short or changed. Copy the whole link again (everything after "#share=") and open it.',
    );
  if (sealed.length <= IV_BYTES + 16)
    throw new ShareLinkError(
      'damaged',
      'This share link could not be opened: its contents are cut short. Copy the whole link again, or ask the sender for it.',
    );
  const key = await crypto.subtle.importKey('raw', buf(raw), 'AES-GCM', false, ['decrypt']);
  let plainZipped: Uint8Array;
  try {
    plainZipped = new Uint8Array(
      await crypto.subtle.decrypt(
        { name: 'AES-GCM', iv: buf(sealed.subarray(0, IV_BYTES)), additionalData: buf(AAD) },
        key,
        buf(sealed.subarray(IV_BYTES)),
      ),
    );
  } catch {
    throw new ShareLinkError(
      'damaged',
      'This share link could not be opened: it was changed or cut short after it was made, so nothing ' +
        'in it can be trusted. Copy the whole link again, or ask the sender for it.',
    );
  }
  return decompress(plainZipped, limit);
}
