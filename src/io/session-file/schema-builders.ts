/**
 * The small JSON Schema builders both published file schemas are written with (the session file's, io/session-file/schema-source.ts,
 * and the suite file's, evals/suite-schema-source.ts): closed objects, finite bounds, tagged unions. One copy, so the
 * two files keep the same conventions.
 */

export type Schema = Record<string, unknown>;

export const str = (maxLength: number): Schema => ({ type: 'string', maxLength });
export const nullable = (s: Schema): Schema => ({ anyOf: [s, { type: 'null' }] });
export const count = (): Schema => ({ type: 'integer', minimum: 0, maximum: 1_000_000_000 });
export const ms = (): Schema => ({ type: 'number', minimum: 0, maximum: 8.64e15 });
export const list = (items: Schema, maxItems: number): Schema => ({ type: 'array', items, maxItems });
export const ref = (name: string): Schema => ({ $ref: `#/definitions/${name}` });

/** A closed object: every property required except those named in `optional`. */
export function obj(properties: Record<string, Schema>, optional: string[] = []): Schema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    additionalProperties: false,
  };
}

/** A oneOf over closed objects told apart by one constant property. */
export function tagged(
  tag: string,
  branches: Record<string, Record<string, Schema>>,
  optional: Record<string, string[]> = {},
): Schema {
  return {
    type: 'object',
    properties: { [tag]: { enum: Object.keys(branches) } },
    required: [tag],
    discriminator: { propertyName: tag },
    oneOf: Object.entries(branches).map(([value, props]) =>
      obj({ [tag]: { const: value }, ...props }, optional[value] ?? []),
    ),
  };
}
