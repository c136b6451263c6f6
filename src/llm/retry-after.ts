/** Largest wait we accept from a server; anything longer is treated as "no usable hint". */
const MAX_HINT_MS = 24 * 60 * 60 * 1000;

type HeaderSource = { get(name: string): string | null } | undefined | null;

/**
 * The server-requested wait in ms: OpenAI's `retry-after-ms`, else `Retry-After` as seconds
 * (fractions allowed) or as an HTTP date. Null when absent or unreadable.
 */
export function retryAfterMs(headers: HeaderSource, now: number = Date.now()): number | null {
  if (!headers) return null;
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') {
    const n = Number(ms);
    if (Number.isFinite(n) && n >= 0 && n <= MAX_HINT_MS) return Math.round(n);
  }
  const after = headers.get('retry-after');
  if (after === null || after.trim() === '') return null;
  const seconds = Number(after);
  if (Number.isFinite(seconds))
    return seconds >= 0 && seconds * 1000 <= MAX_HINT_MS ? Math.round(seconds * 1000) : null;
  const date = Date.parse(after);
  if (Number.isNaN(date)) return null;
  const wait = date - now;
  return wait <= MAX_HINT_MS ? Math.max(0, wait) : null;
}
