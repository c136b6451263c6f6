import { EventSchema } from '@ag-ui/core/schemas';

/**
 * AG-UI events checked against the protocol's own zod schemas (`@ag-ui/core/schemas`, loaded on first use with the
 * import or the export). The schemas accept fields they do not define (loose objects, for forward compatibility);
 * `undefinedFields` finds those too, so the export can promise that it writes none.
 */
// A path step as the import dialog writes paths (`$.a[0]`); kept here so this lazily loaded module shares no chunk.
const childPath = (parent: string, key: string | number): string =>
  typeof key === 'number'
    ? `${parent}[${key}]`
    : /^[A-Za-z_$][\w$]*$/.test(key)
      ? `${parent}.${key}`
      : `${parent}[${JSON.stringify(key)}]`;

type Def = {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  innerType?: Schema;
  in?: Schema;
  options?: Schema[];
};
type Schema = { def: Def; safeParse(v: unknown): { success: boolean } };

const schema = EventSchema as unknown as Schema;

type AguiIssue = { path: string; expected: string };

/** The first problem with one event, by the published schema; null when it is a valid AG-UI event. */
export function aguiEventProblem(event: unknown, path: string): AguiIssue | null {
  const r = EventSchema.safeParse(event);
  if (r.success) return null;
  const first = r.error.issues[0];
  const where = (first?.path ?? []).reduce<string>((p, k) => childPath(p, typeof k === 'number' ? k : String(k)), path);
  return { path: where, expected: `a valid AG-UI event (${first?.message ?? 'invalid'})` };
}

/** Paths of the fields a value carries that its schema does not define (the schemas let such fields through). */
export function undefinedFields(value: unknown, path = '$', s: Schema = schema): string[] {
  const d = s.def;
  switch (d.type) {
    case 'optional':
    case 'nullable':
      return value === undefined || value === null ? [] : undefinedFields(value, path, d.innerType!);
    case 'pipe':
      return undefinedFields(value, path, d.in!);
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => undefinedFields(v, childPath(path, i), d.element!)) : [];
    case 'union': {
      const match = d.options!.find((o) => o.safeParse(value).success);
      return match ? undefinedFields(value, path, match) : [];
    }
    case 'object': {
      if (typeof value !== 'object' || value === null) return [];
      const shape = d.shape!;
      return Object.entries(value).flatMap(([k, v]) =>
        Object.prototype.hasOwnProperty.call(shape, k)
          ? k === 'metadata' || k === 'rawEvent' || k === 'state'
            ? []
            : undefinedFields(v, childPath(path, k), shape[k]!)
          : [childPath(path, k)],
      );
    }
    default:
      return [];
  }
}
