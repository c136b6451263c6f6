/**
 * Provider text in an error (a message, a code) is cut at the same 64 KB budget as tool output, with a
 * visible marker: it is stored in every failure event, the session and exports, and shown in the alert.
 */
export const ERROR_TEXT_LIMIT_BYTES = 64 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

export function cutErrorText(text: string, limitBytes: number = ERROR_TEXT_LIMIT_BYTES): string {
  // A string of n UTF-16 units is at most 3n UTF-8 bytes: most texts need no encoding at all.
  if (text.length * 3 <= limitBytes) return text;
  const bytes = encoder.encode(text);
  if (bytes.length <= limitBytes) return text;
  let end = limitBytes;
  // Step back over UTF-8 continuation bytes (10xxxxxx) so the cut lands on a character boundary.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return `${decoder.decode(bytes.subarray(0, end))}\n…[error text truncated: ${bytes.length - end} bytes omitted]`;
}
