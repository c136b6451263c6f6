import { charBoundary, omittedMarker } from './output-limit';

/** How far past what is kept a body is still read, only to say how much was dropped; then the download stops. */
const COUNT_CAP_BYTES = 16 * 1024 * 1024;

export type BoundedBody = {
  /** At most `keepBytes` of the body, decoded, never ending inside a character. */
  text: string;
  /** Bytes read in all (kept or only counted). */
  totalBytes: number;
  /** False when the rest was not read (past COUNT_CAP_BYTES, or the stream failed after what was kept). */
  complete: boolean;
};

/**
 * Reads a response body keeping only its first `keepBytes`. `res.text()` would hold all of it, so a 5 GB answer
 * would stall the page (or kill the sandbox worker) before any output limit applied.
 */
export async function readBounded(
  res: Response,
  keepBytes: number,
  countCap: number = COUNT_CAP_BYTES,
  onBytes?: (received: number) => void,
): Promise<BoundedBody> {
  const reader = res.body?.getReader();
  if (!reader) return { text: '', totalBytes: 0, complete: true };
  const chunks: Uint8Array[] = [];
  let kept = 0;
  let total = 0;
  let complete = true;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      onBytes?.(total);
      if (kept < keepBytes) {
        const take = value.subarray(0, Math.min(value.byteLength, keepBytes - kept));
        chunks.push(take);
        kept += take.byteLength;
      }
      if (total > keepBytes + countCap) {
        complete = false;
        break;
      }
    }
  } finally {
    if (!complete) void reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  const bytes = new Uint8Array(kept);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  // A body longer than what was kept may have been cut inside a character: leave that character out.
  const end = total > kept ? wholeCharsEnd(bytes) : kept;
  return { text: new TextDecoder().decode(bytes.subarray(0, end)), totalBytes: total, complete };
}

/** The body's Content-Length, when the server gave a usable one (for "bytes received of N"). */
export function declaredLength(res: Response): number | null {
  const n = Number.parseInt(res.headers.get('content-length') ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

/** The length of `bytes` without a trailing, incomplete UTF-8 sequence. */
function wholeCharsEnd(bytes: Uint8Array): number {
  let lead = bytes.length - 1;
  while (lead > 0 && bytes.length - lead < 4 && ((bytes[lead] ?? 0) & 0xc0) === 0x80) lead -= 1;
  if (lead < 0) return 0;
  const b = bytes[lead] ?? 0;
  const size = b < 0x80 ? 1 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
  return lead + size > bytes.length ? lead : bytes.length;
}

/** The body as text cut at `limitBytes`, with the visible marker when anything was left out. */
export function boundedText(body: BoundedBody, limitBytes: number): string {
  const kept = new TextEncoder().encode(body.text);
  if (body.complete && body.totalBytes <= limitBytes) return body.text;
  const end = charBoundary(kept, limitBytes);
  return `${new TextDecoder().decode(kept.subarray(0, end))}${omittedMarker(body.totalBytes - end, body.complete)}`;
}
