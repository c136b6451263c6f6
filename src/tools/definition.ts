import { flattenTool, type FlatToolDefinition, type ToolDefinition } from '../domain/tool-definition';
import { templateOrigin } from './url-template';
import type { SchemaValidator } from './validation/schema-validator';
import { isRecord } from '../domain/is-record';

/** The OpenAI function-name rule. */
const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

export type DefinitionField =
  | 'name'
  | 'description'
  | 'parameters'
  | 'kind'
  | 'code'
  | 'http.method'
  | 'http.urlTemplate'
  | 'http.headers'
  | 'http.bodyTemplate'
  | 'builtinId'
  | 'allowedOrigins'
  | 'timeoutMs';

/** Errors keyed by field so the editor can show each next to its input. */
export type DefinitionErrors = Partial<Record<DefinitionField, string[]>>;

type DefinitionCheck = { ok: true } | { ok: false; errors: DefinitionErrors };

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Checks a definition, in its flat layout, before it is saved or imported. `others` are the other stored tools (a tool with the same id is the one
 * being edited and does not count as a clash). `knownBuiltins` limits which builtinId values are accepted.
 * Synchronous, so it cannot compile the parameters schema (that needs the validation worker): saving goes through
 * checkDefinition, which adds what Ajv says about the schema.
 */
export function validateDefinition(
  def: FlatToolDefinition,
  others: Iterable<Pick<ToolDefinition, 'id' | 'name'>>,
  knownBuiltins: ReadonlySet<string> = new Set(),
): DefinitionCheck {
  const errors: DefinitionErrors = {};
  const add = (field: DefinitionField, message: string) => {
    (errors[field] ??= []).push(message);
  };

  if (!TOOL_NAME_PATTERN.test(def.name)) {
    add('name', 'Use 1–64 letters, digits, "_" or "-" (no spaces).');
  }
  for (const other of others) {
    if (other.id !== def.id && other.name === def.name) add('name', `Another tool is already named "${def.name}".`);
  }
  if (def.description.trim() === '') add('description', 'Describe what the tool does; the model reads this.');

  for (const message of parametersShapeErrors(def.parameters)) add('parameters', message);

  if (def.timeoutMs !== null && (!Number.isInteger(def.timeoutMs) || def.timeoutMs < 100 || def.timeoutMs > 600_000)) {
    add('timeoutMs', 'Timeout must be a whole number of milliseconds between 100 and 600000.');
  }

  for (const origin of def.allowedOrigins) {
    const problem = originProblem(origin);
    if (problem) add('allowedOrigins', problem);
  }

  switch (def.kind) {
    case 'code':
      if (def.code === null || def.code.trim() === '')
        add('code', 'Write the body of the function (it receives `args`).');
      break;
    case 'http':
      checkHttp(def, add);
      break;
    case 'builtin':
      if (def.builtinId === null || !knownBuiltins.has(def.builtinId)) add('builtinId', 'Unknown built-in tool.');
      break;
    default:
      add('kind', 'Kind must be code, http or builtin.');
  }

  return Object.keys(errors).length === 0 ? { ok: true } : { ok: false, errors };
}

/** validateDefinition plus the meta-schema check and a trial compile of the parameters, as saving requires. */
export async function checkDefinition(
  def: ToolDefinition,
  others: Iterable<Pick<ToolDefinition, 'id' | 'name'>>,
  knownBuiltins: ReadonlySet<string>,
  validator: Pick<SchemaValidator, 'schemaProblems'>,
): Promise<DefinitionCheck> {
  const check = validateDefinition(flattenTool(def), others, knownBuiltins);
  if (parametersShapeErrors(def.parameters).length > 0) return check;
  const problems = await validator.schemaProblems(def.parameters);
  if (problems.length === 0) return check;
  const errors: DefinitionErrors = check.ok ? {} : { ...check.errors };
  errors.parameters = [...(errors.parameters ?? []), ...problems];
  return { ok: false, errors };
}

/** What can be said about the parameters without compiling them. */
export function parametersShapeErrors(schema: unknown): string[] {
  if (!isRecord(schema)) return ['Parameters must be a JSON object.'];
  if ((schema as Record<string, unknown>).type !== 'object') return ['Parameters must be a schema of type "object".'];
  return [];
}

/** Parses the editor's parameters text; a parse error is shown next to the field. */
export function parseParametersText(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!isRecord(value)) return { ok: false, error: 'Parameters must be a JSON object.' };
  return { ok: true, value: value as Record<string, unknown> };
}

function originProblem(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${origin}" is not an http(s) origin.`;
    if (url.origin !== origin) return `"${origin}" is not an origin; use "${url.origin}".`;
    return null;
  } catch {
    return `"${origin}" is not a valid origin (e.g. https://api.example.com).`;
  }
}

function checkHttp(def: FlatToolDefinition, add: (field: DefinitionField, message: string) => void): void {
  const http = def.http;
  if (http === null) {
    add('http.urlTemplate', 'An HTTP tool needs a method and a URL.');
    return;
  }
  if (!HTTP_METHODS.has(http.method)) add('http.method', 'Method must be GET, POST, PUT, PATCH or DELETE.');
  const origin = templateOrigin(http.urlTemplate);
  if (!origin.ok) add('http.urlTemplate', origin.problem);
  else {
    try {
      new URL(http.urlTemplate.replace(/\{[a-zA-Z0-9_-]+\}/g, 'x'));
    } catch {
      add('http.urlTemplate', 'Not a valid URL (placeholders look like {name}).');
    }
  }
  const properties = propertyNames(def.parameters);
  for (const m of http.urlTemplate.matchAll(/\{([a-zA-Z0-9_-]+)\}/g)) {
    if (!properties.has(m[1] ?? '')) add('http.urlTemplate', `Placeholder {${m[1]}} is not a parameter.`);
  }
  for (const header of http.headers) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(header.name))
      add('http.headers', `"${header.name}" is not a valid header name.`);
    if (header.secret && header.value !== '')
      add('http.headers', `Secret header "${header.name}" must not keep its value in the definition.`);
  }
  if (http.bodyTemplate !== null && http.bodyTemplate.trim() !== '') {
    for (const m of http.bodyTemplate.matchAll(/\{\{([a-zA-Z0-9_-]+)\}\}/g)) {
      if (!properties.has(m[1] ?? '')) add('http.bodyTemplate', `Placeholder {{${m[1]}}} is not a parameter.`);
    }
    try {
      JSON.parse(http.bodyTemplate.replace(/\{\{[a-zA-Z0-9_-]+\}\}/g, 'null'));
    } catch {
      add('http.bodyTemplate', 'The body template must be JSON once each {{name}} is replaced by a value.');
    }
  }
}

function propertyNames(schema: Record<string, unknown>): Set<string> {
  const props = schema.properties;
  return new Set(typeof props === 'object' && props !== null ? Object.keys(props) : []);
}

/** A blank definition for the editor's "New tool". */
export function newDefinition(id: string, now: number): ToolDefinition {
  return {
    id,
    name: '',
    description: '',
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    kind: 'code',
    code: 'return { echo: args };',
    allowedOrigins: [],
    timeoutMs: null,
    needsApproval: false,
    enabled: true,
    createdAt: now,
    updatedAt: now,
  };
}
