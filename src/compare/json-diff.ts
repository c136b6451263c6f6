/**
 * "Compare requests" (docs/wire-capture.md): what differs between two JSON values, path by path
 * (`messages[3].content`, `tools[2].parameters`). Objects are compared key by key and arrays index by index (a re-run
 * keeps the history's order, so index 3 is the same message in both); a long string that changed is marked word by
 * word as Compare marks answers (word-diff.ts).
 */
import type { WireBody } from '../domain/wire-exchange';
import { childPath } from '../io/json-path';
import { wordDiff, type DiffPart } from './word-diff';

export type JsonChange =
  | { readonly kind: 'added'; readonly path: string; readonly after: unknown }
  | { readonly kind: 'removed'; readonly path: string; readonly before: unknown }
  | {
      readonly kind: 'changed';
      readonly path: string;
      readonly before: unknown;
      readonly after: unknown;
      /** For two strings of which one is long: the words each way, as Compare shows them. */
      readonly words?: readonly DiffPart[];
    };

type JsonDiff = {
  readonly changes: readonly JsonChange[];
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
};

/** From this length a string that changed is marked word by word rather than shown before and after whole. */
const LONG_STRING = 40;

/** The path people read: `messages[3].content`; the whole value is `$`. */
function readable(path: string): string {
  if (path === '$') return '$';
  return path.startsWith('$.') ? path.slice(2) : path.slice(1);
}

type Kind = 'array' | 'object' | 'other';

function kindOf(value: unknown): Kind {
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' && value !== null ? 'object' : 'other';
}

function walk(a: unknown, b: unknown, path: string, out: JsonChange[]): void {
  const kind = kindOf(a);
  if (kind !== kindOf(b) || kind === 'other') {
    if (Object.is(a, b)) return;
    const long = typeof a === 'string' && typeof b === 'string' && Math.max(a.length, b.length) >= LONG_STRING;
    const words = long ? { words: wordDiff(a, b) } : {};
    out.push({ kind: 'changed', path: readable(path), before: a, after: b, ...words });
    return;
  }
  if (kind === 'array') {
    const left = a as readonly unknown[];
    const right = b as readonly unknown[];
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      const at = childPath(path, i);
      if (i >= right.length) out.push({ kind: 'removed', path: readable(at), before: left[i] });
      else if (i >= left.length) out.push({ kind: 'added', path: readable(at), after: right[i] });
      else walk(left[i], right[i], at, out);
    }
    return;
  }
  const left = a as Readonly<Record<string, unknown>>;
  const right = b as Readonly<Record<string, unknown>>;
  for (const key of Object.keys(left)) {
    const at = childPath(path, key);
    if (Object.hasOwn(right, key)) walk(left[key], right[key], at, out);
    else out.push({ kind: 'removed', path: readable(at), before: left[key] });
  }
  for (const key of Object.keys(right)) {
    if (!Object.hasOwn(left, key)) out.push({ kind: 'added', path: readable(childPath(path, key)), after: right[key] });
  }
}

/** Each path added in `b`, removed from `a` or changed between them, in `a`'s order, with the counts. Pure. */
export function diffJson(a: unknown, b: unknown): JsonDiff {
  const changes: JsonChange[] = [];
  walk(a, b, '$', changes);
  const count = (kind: JsonChange['kind']) => changes.filter((c) => c.kind === kind).length;
  return { changes, added: count('added'), removed: count('removed'), changed: count('changed') };
}

/** A request body as a value to compare: its JSON when it is JSON, else its text (base64 for bytes). */
export function requestBodyValue(body: WireBody | null): unknown {
  if (body === null) return null;
  if (body.encoding === 'base64') return body.data;
  try {
    return JSON.parse(body.data) as unknown;
  } catch {
    return body.data;
  }
}
