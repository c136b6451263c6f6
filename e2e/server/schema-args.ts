/**
 * Plausible arguments for a tool from its JSON Schema, so the friendly responder can call tools a
 * person defined without knowing them. Honours const/enum/default/examples, then guesses by the
 * property's name and type.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
};

const asSchema = (v: unknown): Schema => (v && typeof v === 'object' ? (v as Schema) : {});

export function argsFromSchema(parameters: unknown, hint: string, depth = 0): Record<string, unknown> {
  const s = asSchema(parameters);
  const out: Record<string, unknown> = {};
  const props = s.properties ?? {};
  const required = s.required ?? [];
  const names = required.length > 0 ? required : Object.keys(props);
  for (const name of names) out[name] = valueFor(name, asSchema(props[name]), hint, depth + 1);
  return out;
}

function valueFor(name: string, s: Schema, hint: string, depth: number): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (s.examples && s.examples.length > 0) return s.examples[0];
  const alt = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (alt) return valueFor(name, alt, hint, depth);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const n = s.minimum ?? (s.maximum !== undefined ? Math.min(3, s.maximum) : 3);
      return type === 'integer' ? Math.ceil(n) : n;
    }
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () =>
        valueFor(name.replace(/s$/, ''), asSchema(s.items), hint, depth + 1),
      );
    case 'object':
      return depth > 4 ? {} : argsFromSchema(s, hint, depth);
    default:
      return stringFor(name, s.format, hint);
  }
}

function stringFor(name: string, format: string | undefined, hint: string): string {
  const n = name.toLowerCase();
  if (format === 'date-time') return new Date().toISOString();
  if (format === 'date') return new Date().toISOString().slice(0, 10);
  if (format === 'email' || n.includes('email')) return 'ada@example.com';
  if (format === 'uri' || format === 'url' || n.includes('url')) return 'https://example.com/';
  if (/city|location|place|town/.test(n)) return 'Paris';
  if (/time.?zone|^tz$/.test(n)) return 'UTC';
  if (/expr|formula|math/.test(n)) return '6 * 7';
  if (n === 'code' || n.includes('script') || n.includes('source')) return 'return 6 * 7;';
  if (/name|user|person/.test(n)) return 'Ada';
  if (/lang/.test(n)) return 'en';
  if (/query|q|search|text|prompt|message|input|content|topic/.test(n)) return hint.slice(0, 200) || 'hello';
  return `example ${name}`;
}
