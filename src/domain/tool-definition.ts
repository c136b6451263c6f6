export type ToolKind = 'code' | 'http' | 'builtin';

export type HttpHeader = {
  name: string;
  /** Empty when `secret` is true: the value lives in the secrets table and is never exported. */
  value: string;
  secret: boolean;
};

export type HttpToolSpec = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** `{name}` placeholders are filled from the arguments, URL-encoded. */
  urlTemplate: string;
  headers: HttpHeader[];
  /** JSON text with `{{name}}` placeholders replaced by JSON-encoded argument values; null for no body. */
  bodyTemplate: string | null;
  responseType: 'json' | 'text';
};

/** What every kind of tool has. */
type ToolCommon = {
  id: string;
  name: string;
  description: string;
  /** JSON Schema of type object. */
  parameters: Record<string, unknown>;
  timeoutMs: number | null;
  needsApproval: boolean;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
};

type CodeToolDefinition = ToolCommon & {
  kind: 'code';
  /** The body of an async function receiving `args`. */
  code: string;
  /** Origins the code may fetch; empty means no network. */
  allowedOrigins: string[];
};

export type HttpToolDefinition = ToolCommon & { kind: 'http'; http: HttpToolSpec };

export type BuiltinToolDefinition = ToolCommon & {
  kind: 'builtin';
  /** Which built-in. */
  builtinId: string;
  /** fetch_url: may reach loopback, private and link-local addresses. Absent (older rows, other built-ins) means no. */
  allowPrivateAddresses?: boolean;
};

/** A tool the model can call: code run in the sandbox, an HTTP request, or one of the built-ins. */
export type ToolDefinition = CodeToolDefinition | HttpToolDefinition | BuiltinToolDefinition;

/**
 * The flat layout of a tool: every kind's part present, null where it does not apply. Version-1 export files and
 * the tools table keep tools this way, and the checks before a save or an import read it (so they can name a
 * part that is missing, such as an HTTP tool without its request). Everything else works on ToolDefinition.
 */
export type FlatToolDefinition = ToolCommon & {
  kind: ToolKind;
  code: string | null;
  http: HttpToolSpec | null;
  builtinId: string | null;
  allowedOrigins: string[];
  allowPrivateAddresses?: boolean;
};

/** The flat layout of a definition, keys in the order files have always had them. */
export function flattenTool(def: ToolDefinition): FlatToolDefinition {
  const common = {
    id: def.id,
    name: def.name,
    description: def.description,
    parameters: def.parameters,
    kind: def.kind,
  };
  const rest = {
    timeoutMs: def.timeoutMs,
    needsApproval: def.needsApproval,
    enabled: def.enabled,
    createdAt: def.createdAt,
    updatedAt: def.updatedAt,
  };
  switch (def.kind) {
    case 'code':
      return { ...common, code: def.code, http: null, builtinId: null, allowedOrigins: def.allowedOrigins, ...rest };
    case 'http':
      return { ...common, code: null, http: def.http, builtinId: null, allowedOrigins: [], ...rest };
    case 'builtin':
      return {
        ...common,
        code: null,
        http: null,
        builtinId: def.builtinId,
        allowedOrigins: [],
        ...rest,
        ...(def.allowPrivateAddresses !== undefined ? { allowPrivateAddresses: def.allowPrivateAddresses } : {}),
      };
  }
}

/** An HTTP tool stored without its request (never written by Toolscope): it fails when run, with a URL to fill in. */
const NO_REQUEST: HttpToolSpec = {
  method: 'GET',
  urlTemplate: '',
  headers: [],
  bodyTemplate: null,
  responseType: 'json',
};

/**
 * The definition a flat tool describes; parts that belong to another kind are dropped. Meant for flat tools that
 * passed the checks (validateDefinition) or were stored after them; a missing part becomes empty, never a throw.
 */
export function unflattenTool(flat: FlatToolDefinition): ToolDefinition {
  const common: ToolCommon = {
    id: flat.id,
    name: flat.name,
    description: flat.description,
    parameters: flat.parameters,
    timeoutMs: flat.timeoutMs,
    needsApproval: flat.needsApproval,
    enabled: flat.enabled,
    createdAt: flat.createdAt,
    updatedAt: flat.updatedAt,
  };
  switch (flat.kind) {
    case 'http':
      return { ...common, kind: 'http', http: flat.http ?? NO_REQUEST };
    case 'builtin':
      return {
        ...common,
        kind: 'builtin',
        builtinId: flat.builtinId ?? '',
        ...(flat.allowPrivateAddresses !== undefined ? { allowPrivateAddresses: flat.allowPrivateAddresses } : {}),
      };
    default:
      return { ...common, kind: 'code', code: flat.code ?? '', allowedOrigins: flat.allowedOrigins };
  }
}
