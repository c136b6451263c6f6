import { parse, Allow } from 'partial-json';

/** Re-indenting costs a parse and a stringify: past these sizes arguments are shown as they came. */
const PRETTY_MAX_CHARS = 256_000;
/** Arguments still streaming are re-read every frame. */
const PRETTY_PARTIAL_MAX_CHARS = 32_000;

/**
 * Arguments as indented JSON. While a call is still streaming the string is cut mid-value, so it is
 * read leniently (partial-json); anything unreadable (or too long to re-indent in a frame) is shown as it came.
 */
export function prettyArgs(raw: string, partial: boolean): string {
  if (raw.trim() === '') return partial ? '' : '{}';
  if (raw.length > (partial ? PRETTY_PARTIAL_MAX_CHARS : PRETTY_MAX_CHARS)) return raw;
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    if (!partial) return raw;
  }
  try {
    return JSON.stringify(parse(raw, Allow.ALL), null, 2);
  } catch {
    return raw;
  }
}
