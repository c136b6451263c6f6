/**
 * A small YAML writer for the promptfoo export: block style for objects and lists, every string double-quoted with
 * JSON's escapes (each of which YAML's double-quoted style reads the same way), so any text round-trips. Objects
 * that are empty or hold only scalars in a list stay readable; nothing here is a general YAML library.
 */
export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue | undefined };

const scalar = (v: string | number | boolean | null): string => (typeof v === 'string' ? JSON.stringify(v) : String(v));
const key = (k: string): string => (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(k) ? k : JSON.stringify(k));

function isScalar(v: YamlValue): v is string | number | boolean | null {
  return v === null || typeof v !== 'object';
}

function lines(value: YamlValue, indent: string): string[] {
  if (isScalar(value)) return [`${indent}${scalar(value)}`];
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${indent}[]`];
    return value.flatMap((item) => {
      if (isScalar(item)) return [`${indent}- ${scalar(item)}`];
      const inner = lines(item, `${indent}  `);
      const first = inner[0] ?? '';
      return [`${indent}- ${first.slice(indent.length + 2)}`, ...inner.slice(1)];
    });
  }
  const entries = Object.entries(value).filter((e): e is [string, YamlValue] => e[1] !== undefined);
  if (entries.length === 0) return [`${indent}{}`];
  return entries.flatMap(([k, v]) => {
    if (isScalar(v)) return [`${indent}${key(k)}: ${scalar(v)}`];
    if (Array.isArray(v) && v.length === 0) return [`${indent}${key(k)}: []`];
    if (!Array.isArray(v) && Object.keys(v).length === 0) return [`${indent}${key(k)}: {}`];
    return [`${indent}${key(k)}:`, ...lines(v, `${indent}  `)];
  });
}

export function toYaml(value: YamlValue): string {
  return `${lines(value, '').join('\n')}\n`;
}
