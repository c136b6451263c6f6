import type { ErrorObject } from 'ajv';
import type { SkippedEntry } from '../foreign/skipped-entry';
import { describeErrors } from '../session-file/validate-file';

/**
 * An OTLP/JSON file with a few unreadable spans (architecture.md, "Traces"): the spans the schema refuses are left
 * out, each named, and the rest imported. An error above the spans (a resource or scope block that is not an object)
 * leaves out that block; an error at the top (no `resourceSpans` list) leaves nothing to keep, and the file is refused.
 */
type Loc = { r: number; s: number | null; sp: number | null };

const AT = /^\/resourceSpans\/(\d+)(?:\/scopeSpans\/(\d+)(?:\/spans\/(\d+))?)?/;

function locate(pointer: string): Loc | null {
  const m = AT.exec(pointer);
  if (!m) return null;
  return { r: Number(m[1]), s: m[2] === undefined ? null : Number(m[2]), sp: m[3] === undefined ? null : Number(m[3]) };
}

type Doc = { resourceSpans: { scopeSpans?: { spans?: unknown[] }[] }[] };
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const field = (v: unknown, key: string): unknown =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[key] : undefined;

function spanLabel(span: unknown, r: number, s: number, sp: number): string {
  const name = field(span, 'name');
  const id = field(span, 'spanId');
  const named = typeof name === 'string' && name.trim() !== '' ? ` “${name.trim().slice(0, 80)}”` : '';
  const withId = typeof id === 'string' && id !== '' ? ` (${id.slice(0, 32)})` : '';
  return named || withId ? `Span${named}${withId}` : `Span ${sp + 1} of scope ${s + 1} of resource ${r + 1}`;
}

/**
 * The document without the spans (or blocks) `errors` point into, and each one left out with its reason; null when an
 * error is outside every resource block, so nothing can be kept.
 */
export function pruneUnreadableSpans(
  data: unknown,
  errors: readonly ErrorObject[],
): { data: Doc; skipped: SkippedEntry[] } | null {
  const byLoc = new Map<string, { loc: Loc; errors: ErrorObject[] }>();
  for (const e of errors) {
    const loc = locate(e.instancePath);
    if (loc === null) return null;
    const key = `${loc.r}/${loc.s ?? ''}/${loc.sp ?? ''}`;
    const slot = byLoc.get(key) ?? { loc, errors: [] };
    slot.errors.push(e);
    byLoc.set(key, slot);
  }
  const gone = (r: number, s: number | null, sp: number | null) =>
    byLoc.has(`${r}//`) ||
    (s !== null && byLoc.has(`${r}/${s}/`)) ||
    (s !== null && sp !== null && byLoc.has(`${r}/${s}/${sp}`));
  const skipped: SkippedEntry[] = [];
  for (const { loc, errors: errs } of byLoc.values()) {
    const issue = describeErrors(errs).issues[0] ?? { path: '$', expected: 'a valid OTLP/JSON span' };
    const reason = { kind: 'unreadable' as const, path: issue.path, expected: issue.expected };
    if (loc.s === null) skipped.push({ entry: `Resource ${loc.r + 1} and its spans`, reason });
    else if (loc.sp === null)
      skipped.push({ entry: `Scope ${loc.s + 1} of resource ${loc.r + 1} and its spans`, reason });
    else if (!gone(loc.r, loc.s, null)) {
      const span = asList(
        field(asList(field(asList(field(data, 'resourceSpans'))[loc.r], 'scopeSpans'))[loc.s], 'spans'),
      )[loc.sp];
      skipped.push({ entry: spanLabel(span, loc.r, loc.s, loc.sp), reason });
    }
  }
  const resourceSpans = asList(field(data, 'resourceSpans')).flatMap((rs, r) => {
    if (gone(r, null, null)) return [];
    const scopeSpans = asList(field(rs, 'scopeSpans')).flatMap((ss, s) =>
      gone(r, s, null)
        ? []
        : [{ ...(ss as object), spans: asList(field(ss, 'spans')).filter((_, sp) => !gone(r, s, sp)) }],
    );
    return [{ ...(rs as object), scopeSpans }];
  });
  return { data: { ...(data as object), resourceSpans }, skipped };
}
