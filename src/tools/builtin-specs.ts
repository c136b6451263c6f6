import type { BuiltinToolDefinition } from '../domain/tool-definition';

/**
 * What the model and the Tools view know of each built-in: name, description, parameters, approval default. Kept
 * apart from the runners (tools/builtins.ts) so seeding the built-ins at start-up loads no tool code.
 */
export type BuiltinSpec = {
  id: string;
  description: string;
  parameters: Record<string, unknown>;
  /** What "Needs approval" starts as; the person can change it on the tool. */
  needsApprovalByDefault?: boolean;
};

export const JS_EVAL_SPEC: BuiltinSpec = {
  id: 'js_eval',
  description:
    'Evaluate a JavaScript expression (or a few statements; the value of the last one is returned) ' +
    'in an isolated sandbox with no network, DOM or storage. Useful for exact arithmetic, dates ' +
    'and string processing.',
  parameters: {
    type: 'object',
    properties: { expression: { type: 'string', description: 'JavaScript source, e.g. "Math.sqrt(2) * 10"' } },
    required: ['expression'],
    additionalProperties: false,
  },
};

export const FETCH_URL_SPEC: BuiltinSpec = {
  id: 'fetch_url',
  description:
    'Fetch a web page or API over HTTP(S) GET and return the body as text (cut at the output limit). ' +
    'Only works for servers that allow browser requests (CORS).',
  parameters: {
    type: 'object',
    properties: { url: { type: 'string', format: 'uri', description: 'An absolute http:// or https:// URL' } },
    required: ['url'],
    additionalProperties: false,
  },
  // The model picks the URL, and a page can reach what the person's browser can (the router, a local dev server):
  // each fetch is shown to the person first unless they switch approval off for this tool.
  needsApprovalByDefault: true,
};

export const CURRENT_TIME_SPEC: BuiltinSpec = {
  id: 'current_time',
  description: "The current date and time, in the user's time zone unless another IANA time zone is given.",
  parameters: {
    type: 'object',
    properties: {
      timeZone: { type: 'string', description: 'IANA time zone such as "Europe/Paris"; default: the user\'s' },
    },
    additionalProperties: false,
  },
};

export const BUILTIN_SPECS: readonly BuiltinSpec[] = [JS_EVAL_SPEC, FETCH_URL_SPEC, CURRENT_TIME_SPEC];

export const BUILTIN_IDS: ReadonlySet<string> = new Set(BUILTIN_SPECS.map((t) => t.id));

/** Definitions to seed on first start; ids are stable so seeding twice does not duplicate. */
export function builtinDefinitions(now: number): BuiltinToolDefinition[] {
  return BUILTIN_SPECS.map((t) => ({
    id: `builtin:${t.id}`,
    name: t.id,
    description: t.description,
    parameters: t.parameters,
    kind: 'builtin',
    builtinId: t.id,
    timeoutMs: null,
    needsApproval: t.needsApprovalByDefault ?? false,
    enabled: true,
    createdAt: now,
    updatedAt: now,
  }));
}
