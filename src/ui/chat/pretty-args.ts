import { parse, Allow } from 'partial-json';

/**
 * Arguments as indented JSON. While a call is still streaming the string is cut mid-value, so it is
 * read leniently (partial-json); anything unreadable is shown as it came.
 */
export function prettyArgs(raw: string, partial: boolean): string {
  if (raw.trim() === '') return partial ? '' : '{}';
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
