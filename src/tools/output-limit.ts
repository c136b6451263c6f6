/** Tool output is cut at a byte budget (DESIGN.md: 64 KB) so one tool cannot flood the model's context. */
export const DEFAULT_OUTPUT_LIMIT_BYTES = 64 * 1024;

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/**
 * Cuts `text` to at most `limitBytes` UTF-8 bytes (never splitting a character) and appends a visible marker
 * saying how many bytes were dropped. The marker itself is not counted against the limit.
 */
export function cutOutput(text: string, limitBytes: number = DEFAULT_OUTPUT_LIMIT_BYTES): string {
  // Cheap exit: a string of n UTF-16 units is at most 3n UTF-8 bytes.
  if (text.length * 3 <= limitBytes) return text;
  const bytes = encoder.encode(text);
  if (bytes.length <= limitBytes) return text;
  let end = Math.max(0, limitBytes);
  // Step back over UTF-8 continuation bytes (10xxxxxx) so the cut lands on a character boundary.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  const kept = decoder.decode(bytes.subarray(0, end));
  return `${kept}\n…[output truncated: ${bytes.length - end} bytes omitted]`;
}
