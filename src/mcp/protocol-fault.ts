/**
 * A server that breaks the protocol on a live connection: an answer that is not JSON, JSON that is not JSON-RPC, a
 * result the MCP schema refuses, an event whose data is none of these (architecture.md, "MCP in the app").
 * The SDK reports these as a bare SyntaxError, a ZodError dump or an SdkError with the schema's issues as JSON; this
 * module turns them into one typed error with a sentence naming the server and what was wrong. It imports nothing
 * from the SDK (errors are recognised by shape), so the tool adapter can check for it without loading the client.
 */

export type McpProtocolFault = {
  /** The JSON-RPC method whose answer was bad, e.g. "tools/call". */
  request: string;
  problem: 'not-json' | 'not-json-rpc' | 'unreadable-event' | 'bad-result';
  /** What the parser or the schema said, already short and readable. */
  detail?: string;
};

export class McpProtocolFaultError extends Error {
  constructor(
    readonly fault: McpProtocolFault,
    serverName: string,
  ) {
    super(protocolFaultSentence(serverName, fault));
    this.name = 'McpProtocolFaultError';
  }
}

/** The `error.data.toolscope` of the JSON-RPC error the page puts in place of an answer it could not read (answer-guard.ts). */
export const UNREADABLE_ANSWER_MARK = 'unreadable-answer';

export function protocolFaultSentence(serverName: string, fault: McpProtocolFault): string {
  return (
    `The MCP server "${serverName}" ${protocolFaultWhat(fault)}. Toolscope closed the connection ` +
    `and connects again on next use; if this keeps happening, the server needs fixing.`
  );
}

/** What the server did, as a phrase after its name: "answered tools/call with a body that is not JSON (…)". */
export function protocolFaultWhat(fault: McpProtocolFault): string {
  const detail = fault.detail !== undefined && fault.detail !== '' ? ` (${fault.detail})` : '';
  switch (fault.problem) {
    case 'not-json':
      return `answered ${fault.request} with a body that is not JSON${detail}`;
    case 'not-json-rpc':
      return `answered ${fault.request} with JSON that is not a JSON-RPC message`;
    case 'unreadable-event':
      return `answered ${fault.request} with an event whose data is not a JSON-RPC message${detail}`;
    case 'bad-result':
      return `sent a ${fault.request} result that breaks the MCP schema${fault.detail !== undefined ? `: ${fault.detail}` : ''}`;
  }
}

/**
 * The fault an error from a request on a live connection stands for, or null when it is something else (a network
 * failure, a timeout, a JSON-RPC error the server sent on purpose). `request` names the method asked for.
 */
export function protocolFaultOf(error: unknown, request: string): McpProtocolFault | null {
  if (error instanceof McpProtocolFaultError) return error.fault;
  if (error instanceof SyntaxError) return { request, problem: 'not-json', detail: cut(error.message) };
  if (!(error instanceof Error)) return null;
  if (error.name === 'ZodError') return { request, problem: 'not-json-rpc' };
  const { code, data } = error as { code?: unknown; data?: unknown };
  if (code === 'INVALID_RESULT') {
    const m = /^Invalid result for ([^:]+): ([\s\S]*)$/.exec(error.message);
    return {
      request: m?.[1] ?? request,
      problem: 'bad-result',
      ...(m?.[2] !== undefined ? { detail: schemaIssues(m[2]) } : {}),
    };
  }
  if (
    data !== null &&
    typeof data === 'object' &&
    (data as { toolscope?: unknown }).toolscope === UNREADABLE_ANSWER_MARK
  ) {
    const d = data as { detail?: unknown };
    return { request, problem: 'unreadable-event', ...(typeof d.detail === 'string' ? { detail: cut(d.detail) } : {}) };
  }
  return null;
}

/**
 * The SDK's schema issues, readable: "content: expected array, received string". The 2026-07-28 path gives a zod
 * issue list as JSON, the 2025-11-25 path "path: message" pairs joined by commas.
 */
function schemaIssues(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return cut(text.replace(/Invalid input: /g, ''));
  }
  if (!Array.isArray(parsed)) return cut(text);
  const parts = parsed.slice(0, 3).map((issue: unknown) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    const where = Array.isArray(path) && path.length > 0 ? `${path.map(String).join('.')}: ` : '';
    return `${where}${String(message ?? 'invalid').replace(/^Invalid input: /, '')}`;
  });
  const more = parsed.length > 3 ? `, and ${parsed.length - 3} more` : '';
  return cut(`${parts.join('; ')}${more}`);
}

function cut(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 200 ? `${one.slice(0, 200)}…` : one;
}
