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

export type ToolDefinition = {
  id: string;
  name: string;
  description: string;
  /** JSON Schema of type object. */
  parameters: Record<string, unknown>;
  kind: ToolKind;
  /** kind 'code': the body of an async function receiving `args`. */
  code: string | null;
  /** kind 'http'. */
  http: HttpToolSpec | null;
  /** kind 'builtin': which built-in. */
  builtinId: string | null;
  /** Origins a code tool may fetch; empty means no network. */
  allowedOrigins: string[];
  timeoutMs: number | null;
  needsApproval: boolean;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
  /** kind 'builtin' fetch_url: may reach loopback, private and link-local addresses. Absent (older rows) means no. */
  allowPrivateAddresses?: boolean;
};
