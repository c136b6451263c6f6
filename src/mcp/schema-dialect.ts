/**
 * MCP servers built with zod 4 declare their tool schemas as JSON Schema 2020-12 (`$schema` names it), while the
 * app's validator is Ajv's draft-07 engine, which refuses a schema naming a meta-schema it does not hold. The
 * keywords such schemas use (type, properties, required, items, enum, $defs with $ref pointers) mean the same in
 * both, so the check runs with the `$schema` line left out. A schema using a keyword that only 2020-12 knows keeps
 * its `$schema`, so it is still reported as one the app cannot check rather than checked with that keyword ignored.
 */
const DRAFT_2020_12 = /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/;
const ONLY_2020_12 = new Set([
  'prefixItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentRequired',
  'dependentSchemas',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
]);

export function withoutDialect2020(schema: Record<string, unknown>): Record<string, unknown> {
  if (typeof schema.$schema !== 'string' || !DRAFT_2020_12.test(schema.$schema) || usesOnly2020(schema)) return schema;
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

function usesOnly2020(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(usesOnly2020);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => ONLY_2020_12.has(key) || usesOnly2020(v));
}
