/**
 * The fields of an elicitation form, read from the server's flat schema: labels are the schema's titles (the
 * property name when there is none), defaults are applied, and answers are turned back into the JSON types the
 * schema asks for. A property of a type the form cannot show is left out (the server's own checks then decide).
 */
import type { McpElicitValue } from '../../../mcp/types';

export type ElicitField =
  | {
      key: string;
      label: string;
      description?: string;
      required: boolean;
      kind: 'text';
      inputType: 'text' | 'email' | 'url' | 'date' | 'datetime-local';
      initial: string;
    }
  | {
      key: string;
      label: string;
      description?: string;
      required: boolean;
      kind: 'number';
      integer: boolean;
      initial: string;
    }
  | { key: string; label: string; description?: string; required: boolean; kind: 'boolean'; initial: boolean }
  | {
      key: string;
      label: string;
      description?: string;
      required: boolean;
      kind: 'choice';
      options: Array<{ value: string; label: string }>;
      initial: string;
    }
  | {
      key: string;
      label: string;
      description?: string;
      required: boolean;
      kind: 'multi';
      options: Array<{ value: string; label: string }>;
      initial: string[];
    };

const FORMAT_INPUT: Record<string, 'email' | 'url' | 'date' | 'datetime-local'> = {
  email: 'email',
  uri: 'url',
  date: 'date',
  'date-time': 'datetime-local',
};

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function options(schema: Record<string, unknown>): Array<{ value: string; label: string }> | undefined {
  const list = schema.enum ?? undefined;
  if (Array.isArray(list) && list.every((v) => typeof v === 'string')) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return list.map((v, i) => ({ value: v, label: str(names[i]) ?? v }));
  }
  const oneOf = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(oneOf)) {
    const opts = oneOf.flatMap((o: unknown) => {
      const rec = o !== null && typeof o === 'object' ? (o as Record<string, unknown>) : {};
      const value = str(rec.const);
      return value === undefined ? [] : [{ value, label: str(rec.title) ?? value }];
    });
    if (opts.length > 0) return opts;
  }
  return undefined;
}

export function elicitFields(schema: {
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
}): ElicitField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).flatMap(([key, p]): ElicitField[] => {
    const base = {
      key,
      label: str(p.title) ?? key,
      ...(str(p.description) !== undefined ? { description: str(p.description) } : {}),
      required: required.has(key),
    };
    const opts = options(p);
    if (p.type === 'array') {
      const items =
        p.items !== null && typeof p.items === 'object' ? options(p.items as Record<string, unknown>) : undefined;
      if (items === undefined) return [];
      const initial = Array.isArray(p.default) ? p.default.filter((v): v is string => typeof v === 'string') : [];
      return [{ ...base, kind: 'multi', options: items, initial }];
    }
    if (opts !== undefined) return [{ ...base, kind: 'choice', options: opts, initial: str(p.default) ?? '' }];
    if (p.type === 'boolean') return [{ ...base, kind: 'boolean', initial: p.default === true }];
    if (p.type === 'number' || p.type === 'integer') {
      return [
        {
          ...base,
          kind: 'number',
          integer: p.type === 'integer',
          initial: typeof p.default === 'number' ? String(p.default) : '',
        },
      ];
    }
    if (p.type === 'string')
      return [
        {
          ...base,
          kind: 'text',
          inputType: FORMAT_INPUT[str(p.format) ?? ''] ?? 'text',
          initial: str(p.default) ?? '',
        },
      ];
    return [];
  });
}

export type ElicitFormValues = Record<string, string | boolean | string[]>;

export function initialValues(fields: readonly ElicitField[]): ElicitFormValues {
  return Object.fromEntries(fields.map((f) => [f.key, f.initial]));
}

/** The answer to send, or the first field that still needs something. */
export function elicitAnswer(
  fields: readonly ElicitField[],
  values: ElicitFormValues,
): { ok: true; content: Record<string, McpElicitValue> } | { ok: false; message: string } {
  const content: Record<string, McpElicitValue> = {};
  for (const f of fields) {
    const v = values[f.key];
    if (f.kind === 'boolean') {
      content[f.key] = v === true;
    } else if (f.kind === 'multi') {
      const list = Array.isArray(v) ? v : [];
      if (list.length > 0 || f.required) content[f.key] = list;
    } else {
      const text = typeof v === 'string' ? v.trim() : '';
      if (text === '') {
        if (f.required) return { ok: false, message: `“${f.label}” is required.` };
        continue;
      }
      if (f.kind === 'number') {
        const n = Number(text);
        if (!Number.isFinite(n) || (f.integer && !Number.isInteger(n)))
          return { ok: false, message: `“${f.label}” must be ${f.integer ? 'a whole number' : 'a number'}.` };
        content[f.key] = n;
      } else {
        content[f.key] = text;
      }
    }
  }
  return { ok: true, content };
}
