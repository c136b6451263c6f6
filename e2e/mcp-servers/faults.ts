/**
 * Faults a test MCP server commits on purpose on a live connection, switched on and off while it runs (the modern
 * server's `setFault`, or POST /control/fault?mode=<mode> for a person driving it by hand). The server answers
 * everything else as usual, so a client connects, lists and calls first, and meets the fault mid-session.
 */
import type { ServerResponse } from 'node:http';

const MCP_FAULTS = [
  'none',
  /** tools/call: 200 application/json whose body is cut off mid-way (not JSON at all). */
  'call-not-json',
  /** tools/call: an event stream whose one event's data is not JSON, then the stream ends. */
  'call-sse-not-json',
  /** tools/call: valid JSON that is not a JSON-RPC message (no jsonrpc, no id). */
  'call-not-json-rpc',
  /** tools/call: a JSON-RPC result whose `content` is a string, not an array of blocks. */
  'call-bad-result',
  /** tools/list: a JSON-RPC result whose `tools` is not an array of tools. */
  'list-bad-result',
] as const;

export type McpFault = (typeof MCP_FAULTS)[number];

export function parseFault(text: string | null): McpFault | undefined {
  return MCP_FAULTS.find((f) => f === text);
}

/** The JSON-RPC request a POST body holds (the first of a batch), or null. */
function rpcRequest(body: Buffer): { id: string | number; method: string } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  const first: unknown = Array.isArray(parsed) ? parsed[0] : parsed;
  if (first === null || typeof first !== 'object') return null;
  const { id, method } = first as { id?: unknown; method?: unknown };
  if ((typeof id !== 'string' && typeof id !== 'number') || typeof method !== 'string') return null;
  return { id, method };
}

/**
 * Answers the request with the fault when it applies to it; returns whether it did. `tools/list` faults apply to
 * tools/list only, `call-*` faults to tools/call only.
 */
export function answerWithFault(
  fault: McpFault,
  body: Buffer,
  res: ServerResponse,
  headers: Record<string, string>,
): boolean {
  if (fault === 'none') return false;
  const rpc = rpcRequest(body);
  if (rpc === null) return false;
  const wants = fault === 'list-bad-result' ? 'tools/list' : 'tools/call';
  if (rpc.method !== wants) return false;
  const json = { ...headers, 'content-type': 'application/json' };
  switch (fault) {
    case 'call-not-json':
      res
        .writeHead(200, json)
        .end(`{"jsonrpc":"2.0","id":${JSON.stringify(rpc.id)},"result":{"content":[{"type":"text","te`);
      return true;
    case 'call-sse-not-json':
      res
        .writeHead(200, { ...headers, 'content-type': 'text/event-stream' })
        .end(`event: message\ndata: {"jsonrpc":"2.0","id":${JSON.stringify(rpc.id)},"result":<html>\n\n`);
      return true;
    case 'call-not-json-rpc':
      res.writeHead(200, json).end(JSON.stringify({ ok: true, answer: 'the tool ran' }));
      return true;
    case 'call-bad-result':
      res
        .writeHead(200, json)
        .end(
          JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result: { resultType: 'complete', content: 'the tool ran' } }),
        );
      return true;
    case 'list-bad-result':
      res.writeHead(200, json).end(
        JSON.stringify({
          jsonrpc: '2.0',
          id: rpc.id,
          result: { resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: 'echo, slow' },
        }),
      );
      return true;
  }
}
