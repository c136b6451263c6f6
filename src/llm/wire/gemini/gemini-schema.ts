import { isRecord } from '../../../domain/is-record';

/**
 * A tool's JSON Schema cut to the subset Gemini's `functionDeclarations[].parameters` takes (the Gemini API's
 * `Schema`, a select subset of OpenAPI 3.0: ai.google.dev/api/caching#Schema). Gemini answers 400 INVALID_ARGUMENT
 * for a field it does not know (`$schema`, `additionalProperties`, `$ref`, `oneOf`, `const`, ...), so those are
 * dropped, and each drop is named with where it was, for the request's left-out note.
 */
type GeminiSchemaResult = { schema: Record<string, unknown> | null; dropped: string[] };

const KEPT = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'items',
  'minItems',
  'maxItems',
  'properties',
  'required',
  'propertyOrdering',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'default',
  'example',
  'anyOf',
]);

/** The `format` values Gemini accepts, per type; any other is refused. */
const FORMATS: Record<string, readonly string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};

/**
 * The parameters schema for Gemini, or null when the tool takes no arguments: Gemini refuses an OBJECT schema with
 * no properties, and a declaration without `parameters` is how it says "no arguments".
 */
export function geminiParameters(parameters: Record<string, unknown>): GeminiSchemaResult {
  const dropped: string[] = [];
  const schema = convert(parameters, '', { root: parameters, dropped, depth: 0 });
  const props = schema.properties;
  if (!isRecord(props) || Object.keys(props).length === 0) return { schema: null, dropped };
  return { schema, dropped };
}

/** The whole schema (for local `$ref`s), the list of what was dropped, and how many `$ref`s deep this is. */
type Walk = { root: Record<string, unknown>; dropped: string[]; depth: number };

/** How deep local `$ref`s are inlined; a recursive type stops there. */
const MAX_REF_DEPTH = 4;

function convert(input: Record<string, unknown>, path: string, walk: Walk): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const here = path === '' ? '/' : path;
  const { dropped } = walk;
  for (const [key, value] of Object.entries(input)) {
    switch (key) {
      case '$ref': {
        // Gemini has no references: a local one is written out in place.
        const target = typeof value === 'string' ? localRef(walk.root, value) : null;
        if (target !== null && walk.depth < MAX_REF_DEPTH)
          Object.assign(out, convert(target, path, { ...walk, depth: walk.depth + 1 }));
        else dropped.push(`$ref at ${here}`);
        break;
      }
      case '$defs':
      case 'definitions':
        // Written out where they are used.
        break;
      case 'type':
        readType(value, out, here, dropped);
        break;
      case 'const':
        // A constant is an enum of one, which Gemini takes for strings.
        if (typeof value === 'string') out.enum = [value];
        else dropped.push(`const at ${here}`);
        break;
      case 'oneOf':
        // Gemini has anyOf only; "exactly one" becomes "at least one".
        if (Array.isArray(value)) {
          out.anyOf = value.filter(isRecord).map((s, i) => convert(s, `${path}/oneOf/${i}`, walk));
          dropped.push(`oneOf at ${here} (sent as anyOf)`);
        }
        break;
      case 'properties':
        if (isRecord(value)) {
          const props: Record<string, unknown> = {};
          for (const [name, sub] of Object.entries(value))
            if (isRecord(sub)) props[name] = convert(sub, `${path}/properties/${name}`, walk);
          out.properties = props;
        }
        break;
      case 'items':
        if (isRecord(value)) out.items = convert(value, `${path}/items`, walk);
        else if (Array.isArray(value)) {
          // A tuple: Gemini has none, so each item may be any of the tuple's types.
          const each = value.filter(isRecord).map((s, i) => convert(s, `${path}/items/${i}`, walk));
          out.items = each.length === 1 ? each[0] : { anyOf: each };
          dropped.push(`the tuple at ${here} (sent as an array of any of its item types)`);
        }
        break;
      case 'anyOf':
        if (Array.isArray(value))
          out.anyOf = value.filter(isRecord).map((s, i) => convert(s, `${path}/anyOf/${i}`, walk));
        break;
      case 'enum':
        // Gemini's enum is a list of strings.
        if (Array.isArray(value) && value.every((v) => typeof v === 'string')) out.enum = value;
        else dropped.push(`enum at ${here} (values that are not strings)`);
        break;
      default:
        if (KEPT.has(key)) out[key] = value;
        else dropped.push(`${key} at ${here}`);
    }
  }
  if (typeof out.format === 'string') {
    const allowed = typeof out.type === 'string' ? FORMATS[out.type] : undefined;
    if (allowed === undefined || !allowed.includes(out.format)) {
      dropped.push(`format "${out.format}" at ${here}`);
      delete out.format;
    }
  }
  if (Array.isArray(out.required) && isRecord(out.properties)) {
    const names = out.properties;
    out.required = out.required.filter((n) => typeof n === 'string' && n in names);
  }
  return out;
}

/** JSON Schema's `type: ["string", "null"]` is Gemini's `type: "string", nullable: true`; several types, an anyOf. */
function readType(value: unknown, out: Record<string, unknown>, here: string, dropped: string[]): void {
  if (typeof value === 'string') {
    if (value === 'null') out.nullable = true;
    else out.type = value;
    return;
  }
  if (!Array.isArray(value)) {
    dropped.push(`type at ${here}`);
    return;
  }
  const types = value.filter((t): t is string => typeof t === 'string' && t !== 'null');
  if (types.length < value.length) out.nullable = true;
  if (types.length === 1) out.type = types[0];
  else if (types.length > 1) out.anyOf = types.map((t) => ({ type: t }));
}

/** `#/$defs/name` or `#/definitions/name` in the same schema; null for anything else. */
function localRef(root: Record<string, unknown>, ref: string): Record<string, unknown> | null {
  const m = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  if (m === null) return null;
  const defs = root[m[1] as string];
  const target = isRecord(defs) ? defs[decodeURIComponent(m[2] as string)] : undefined;
  return isRecord(target) ? target : null;
}
