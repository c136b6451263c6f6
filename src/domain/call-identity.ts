import { isRecord } from './is-record';
/**
 * When two tool calls count as "the same call" (architecture.md, "Repeated-call guard"): the same tool with the same
 * arguments, compared as canonical JSON (object keys sorted, whitespace gone), so `{"a":1,"b":2}` and
 * `{ "b": 2, "a": 1 }` match. Arguments that are not JSON are compared as the text the model sent. Call ids play no
 * part: they differ between runs and between models.
 */
export function canonicalArgumentsText(raw: string): string {
  const text = raw.trim();
  if (text === '') return '{}';
  try {
    return canonicalJson(JSON.parse(text));
  } catch {
    return raw;
  }
}

/** JSON text of a value with object keys sorted at every depth and no whitespace: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (!isRecord(v)) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    );
  });
}

/** One key per distinct call: tool name and canonical arguments. */
export function callIdentity(name: string, args: string): string {
  return `${name}\u0000${canonicalArgumentsText(args)}`;
}

/**
 * Numbers each call by how many times its identity has occurred so far, in order: 1 for the first, 2 for the first
 * repeat, ... `seen` carries the counts across batches (a run's turns).
 */
export function occurrences(
  calls: readonly { name: string; arguments: string }[],
  seen: Map<string, number> = new Map(),
): number[] {
  return calls.map((c) => {
    const key = callIdentity(c.name, c.arguments);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n;
  });
}
