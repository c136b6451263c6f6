import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalJson } from '../../domain/call-identity';

/**
 * What a signed reply answered, as one hash (docs/wire-formats.md, "What is kept verbatim"): a head (the system text,
 * the tools) and the messages before the reply, each as canonical JSON on a line of its own. The same value from
 * scratch (`prefixHash`, over a body that was sent) and as a body is built (`prefixHasher`), where each reply's prefix
 * costs only what was added since the last: checked for every stored reply on every request, a hash from scratch
 * would grow with the square of the session's length.
 */
export function prefixHash<T>(head: unknown, items: readonly T[], shape: (item: T) => unknown): string {
  const h = sha256.create().update(utf8ToBytes(canonicalJson(head)));
  for (const item of items) h.update(line(shape(item)));
  return bytesToHex(h.digest());
}

/**
 * A hasher over a list that only grows, whose last item alone may still change (a later message merged into it): the
 * items before the last are fed once, the last into a copy each time.
 */
export function prefixHasher<T>(head: unknown, shape: (item: T) => unknown): (items: readonly T[]) => string {
  const h = sha256.create().update(utf8ToBytes(canonicalJson(head)));
  let fed = 0;
  return (items) => {
    for (; fed < items.length - 1; fed++) h.update(line(shape(items[fed] as T)));
    const copy = h.clone();
    for (let i = fed; i < items.length; i++) copy.update(line(shape(items[i] as T)));
    return bytesToHex(copy.digest());
  };
}

const line = (value: unknown) => utf8ToBytes(`\n${canonicalJson(value)}`);
