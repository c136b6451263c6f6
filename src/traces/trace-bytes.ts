import { decompress as zstdDecompress } from 'fzstd';
import { concatBytes } from '../domain/concat-bytes';

/**
 * A trace file's bytes as text, decided by the bytes, never the name (architecture.md, "Trace inbox"): gzip (the S3
 * exporter's `.json.gz`, a gzipped JSON Lines file), zstd (the file exporter's only compression: whole-file frames, or
 * its default framing of a 4-byte big-endian length before each compressed write), else UTF-8. A fetch of an object
 * stored with `Content-Encoding: gzip` arrives decompressed already, and is read as text.
 */
type DecodedTrace = { ok: true; text: string; compression: 'none' | 'gzip' | 'zstd' } | { ok: false; reason: string };

/** A file larger than this once decompressed is left out with a sentence: one file must not hold the page's memory. */
export const MAX_TEXT_BYTES = 256 * 1024 * 1024;

const isGzip = (b: Uint8Array, at = 0) => b[at] === 0x1f && b[at + 1] === 0x8b;
const isZstd = (b: Uint8Array, at = 0) =>
  b[at] === 0x28 && b[at + 1] === 0xb5 && b[at + 2] === 0x2f && b[at + 3] === 0xfd;

/**
 * Too large to read safely: said in the same words wherever it is found (before reading, or once decompressed).
 * `listed`: the size is a listing's, of the stored (maybe compressed) file, not of its text, so no text is claimed.
 */
export const tooLargeReason = (bytes: number, max: number, listed = false) =>
  `${listed ? `it is ${Math.round(bytes / 1024 / 1024)} MB` : `it holds ${Math.round(bytes / 1024 / 1024)} MB of text`}, ` +
  `more than the ${max / 1024 / 1024} MB one file may`;

/** Decompressed as a stream and given up past `max` bytes: a small gzip bomb must not fill the memory first. */
async function gunzip(bytes: Uint8Array, max: number): Promise<Uint8Array | null> {
  const reader = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const next = await reader.read();
    if (next.done) return concatBytes(chunks);
    total += next.value.length;
    if (total > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(next.value);
  }
}

/** The file exporter's framed zstd: [length (4 bytes, big-endian)][zstd frame], repeated. */
function unframeZstd(bytes: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [];
  let at = 0;
  while (at + 4 <= bytes.length) {
    const len = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const frame = bytes.subarray(at + 4, at + 4 + len);
    if (frame.length < len || !isZstd(frame)) throw new Error('a zstd frame is cut short');
    out.push(zstdDecompress(frame));
    // The exporter writes one export request per frame, without a newline: keep them on separate lines.
    out.push(new Uint8Array([0x0a]));
    at += 4 + len;
  }
  return concatBytes(out);
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export async function decodeTraceBytes(bytes: Uint8Array, maxTextBytes = MAX_TEXT_BYTES): Promise<DecodedTrace> {
  let plain: Uint8Array;
  let compression: 'none' | 'gzip' | 'zstd' = 'none';
  try {
    if (isGzip(bytes)) {
      const out = await gunzip(bytes, maxTextBytes);
      if (out === null)
        return {
          ok: false,
          reason: `it holds more than ${maxTextBytes / 1024 / 1024} MB of text once decompressed, more than one file may`,
        };
      plain = out;
      compression = 'gzip';
    } else if (isZstd(bytes)) {
      plain = zstdDecompress(bytes);
      compression = 'zstd';
    } else if (bytes.length >= 8 && isZstd(bytes, 4)) {
      plain = unframeZstd(bytes);
      compression = 'zstd';
    } else plain = bytes;
  } catch (err) {
    return {
      ok: false,
      reason: `it looks ${isGzip(bytes) ? 'gzip' : 'zstd'}-compressed but cannot be decompressed (${err instanceof Error ? err.message : String(err)})`,
    };
  }
  if (plain.length > maxTextBytes) return { ok: false, reason: tooLargeReason(plain.length, maxTextBytes) };
  const text = utf8(plain);
  if (text === null)
    return { ok: false, reason: 'it is not text: OTLP/JSON was expected (the binary protobuf format is not read)' };
  return { ok: true, text, compression };
}
