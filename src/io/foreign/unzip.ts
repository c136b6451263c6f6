import { concatBytes } from '../../domain/concat-bytes';
import { Unzip, UnzipInflate } from 'fflate';
import { ForeignArchiveError, ForeignLimitError } from './foreign-errors';

/**
 * Reads the wanted entries of a .zip (fflate's streaming reader, loaded with this module on first use). A zip can
 * lie about its sizes, so nothing trusts them: the archive is fed in small pieces, every inflated byte is counted,
 * and reading stops as soon as an entry or the total passes its cap (a zip bomb gets an error, not the memory).
 * Entries not wanted (ChatGPT's images, chat.html) are never inflated.
 */
const ZIP_LIMITS = { entries: 50_000, entryBytes: 256 * 1024 * 1024, totalBytes: 256 * 1024 * 1024 };
const PIECE = 64 * 1024;

export function readZipEntries(
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limits = ZIP_LIMITS,
): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  let entries = 0;
  let total = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    if (++entries > limits.entries) {
      failure = new ForeignLimitError(
        `The .zip holds more than ${limits.entries.toLocaleString('en-US')} files; imports take at most that many.`,
      );
      return;
    }
    const name = file.name;
    if (!wanted(name)) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = new ForeignArchiveError(
          `The .zip could not be read: “${name}” is damaged (${err.message}). Download the export again.`,
        );
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (size > limits.entryBytes || total > limits.totalBytes) {
        failure = new ForeignLimitError(
          `“${name}” in the .zip unpacks to more than ${Math.round(Math.min(limits.entryBytes, limits.totalBytes) / 1024 / 1024)} ` +
            `MB; imports take at most that much. Nothing was unpacked further.`,
        );
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) out.set(name, concatBytes(chunks));
    };
    try {
      file.start();
    } catch (err) {
      failure = new ForeignArchiveError(
        `The .zip could not be read: “${name}” is stored in a way this page cannot unpack (${err instanceof Error ? err.message : String(err)}).`,
      );
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !failure; at += PIECE)
      unzip.push(bytes.subarray(at, Math.min(bytes.length, at + PIECE)), at + PIECE >= bytes.length);
    if (bytes.length === 0) unzip.push(bytes, true);
  } catch (err) {
    if (!failure)
      failure = new ForeignArchiveError(
        `The .zip could not be read (${err instanceof Error ? err.message : String(err)}). Download ` +
          `the export again, or pick the conversations.json inside it.`,
      );
  }
  if (failure) throw failure;
  return out;
}
