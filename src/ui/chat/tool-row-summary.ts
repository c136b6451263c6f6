import { isRecord } from '../../domain/is-record';
/**
 * The calm row of a finished tool call: which calls fold by default and the short argument summary the row shows
 * (architecture.md, "Calm tool rows"). The full arguments and result are one click away, and in the timeline.
 */

/** Folded by default: calls that ended as asked or were answered by a person. Failures stay open to be read. */
export function foldsByDefault(status: string, isError: boolean): boolean {
  if (isError) return false;
  return status === 'ok' || status === 'denied' || status === 'cancelled';
}

const MAX_SUMMARY = 60;

function short(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 24 ? `${v.slice(0, 23)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return Array.isArray(v) ? `[${v.length}]` : '{…}';
}

/** `city: "Paris", days: 3` — top-level arguments, cut to one short line; text that is not a JSON object is cut as is. */
export function argsSummary(args: string, max = MAX_SUMMARY): string {
  const trimmed = args.trim();
  let text: string;
  try {
    const v: unknown = JSON.parse(trimmed === '' ? '{}' : trimmed);
    text = isRecord(v)
      ? Object.entries(v)
          .map(([k, x]) => `${k}: ${short(x)}`)
          .join(', ')
      : short(v);
  } catch {
    text = trimmed.replace(/\s+/g, ' ');
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
