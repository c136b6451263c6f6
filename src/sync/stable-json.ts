import { isRecord } from '../domain/is-record';
/** JSON with object keys sorted: the same value always gives the same text (records read back in any key order). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (!isRecord(v)) return v;
    const o = v as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k]]),
    );
  });
}
