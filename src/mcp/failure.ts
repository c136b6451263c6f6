/**
 * Turns a failed connect (or a failed request on a live connection) into a state a person can act on. It reads the
 * wire log first: which request failed and how is more telling than the SDK's error, which a browser strips of
 * the reason anyway.
 */
import { corsMessage, diagnoseNetworkFailure, type CorsProbeDeps } from './cors-diagnosis';
import { protocolFaultOf, protocolFaultWhat } from './protocol-fault';
import type { CorsGap, McpConnectionState, McpFailure } from './types';
import type { WireEntry, WireLog } from './wire-fetch';

export type FailedState = Extract<McpConnectionState, { status: 'needs-sign-in' | 'failed' }>;

type DiagnosisContext = CorsProbeDeps & {
  url: URL;
  log: WireLog;
  /** True when the page's origin differs from the server's, so the browser applies CORS. */
  corsApplies: boolean;
};

const failed = (failure: McpFailure): FailedState => ({ status: 'failed', failure });

export async function diagnoseFailure(error: unknown, ctx: DiagnosisContext): Promise<FailedState> {
  const host = ctx.url.host;
  // A request that got no answer explains what follows it: in a browser, discovery refused by CORS makes the SDK
  // fall back to initialize, and a 2026-only server's refusal of that is not the problem to report.
  const unanswered = ctx.log.entries.filter((e) => e.method === 'POST' && e.result.kind === 'network-error').at(-1);
  if (unanswered !== undefined)
    return failed(await diagnoseNetworkFailure(unanswered.url, unanswered.headerNames, ctx.corsApplies, ctx));
  const last = failedPost(ctx.log.entries);

  const hiddenSession = ctx.corsApplies ? sessionIdWasHidden(ctx.log.entries) : false;
  if (hiddenSession) {
    const gap: CorsGap = { kind: 'expose-headers', headers: ['mcp-session-id'] };
    return failed({ kind: 'cors', gap, message: corsMessage(host, gap) });
  }

  const response = last?.result.kind === 'response' ? last.result : undefined;
  const status = response?.status ?? httpStatusOf(error);
  if (status === 401 || status === 403) {
    if (status === 401 && ctx.corsApplies && response !== undefined && response.wwwAuthenticate === null) {
      const gap: CorsGap = { kind: 'expose-headers', headers: ['www-authenticate'] };
      return failed({ kind: 'cors', gap, message: corsMessage(host, gap) });
    }
    return status === 401
      ? {
          status: 'needs-sign-in',
          httpStatus: 401,
          message:
            `${host} requires sign-in. Use Sign in, or add the credential it expects under this server's ` +
            `headers, for example Authorization: Bearer <token>.`,
        }
      : {
          status: 'needs-sign-in',
          httpStatus: 403,
          message: `${host} refused access with the credentials given (HTTP 403). Check the token or headers for this server.`,
        };
  }
  if (status === 404) {
    return failed({
      kind: 'not-an-mcp-endpoint',
      status,
      message: `Nothing answers MCP at ${ctx.url.href} (HTTP 404). Check the path; MCP servers usually serve it at /mcp.`,
    });
  }
  if (status === 405) {
    return failed({
      kind: 'not-an-mcp-endpoint',
      status,
      message: `${ctx.url.href} does not take MCP requests (HTTP 405 Method Not Allowed). Enter the server's MCP endpoint instead.`,
    });
  }
  if (status !== undefined && (status === 0 || (status >= 300 && status < 400))) {
    const where = response?.location ? `to ${new URL(response.location, last?.url ?? ctx.url).href}` : 'elsewhere';
    return failed({
      kind: 'not-an-mcp-endpoint',
      status,
      message:
        `${ctx.url.href} redirects ${where}. Toolscope does not follow redirects with this server's ` +
        `headers: enter the address it redirects to if that is the intended server.`,
    });
  }
  if (last !== undefined && response !== undefined && response.status < 300 && isHtml(last)) {
    return failed({
      kind: 'not-an-mcp-endpoint',
      status: response.status,
      message: `${ctx.url.href} returned a web page, not MCP. Enter the server's MCP endpoint (often ending in /mcp).`,
    });
  }
  if (status !== undefined && status >= 500) {
    return failed({
      kind: 'protocol',
      message: `${host} failed with HTTP ${status}. The server's logs should say why; try again later.`,
    });
  }
  // An answer that is not JSON, not JSON-RPC or breaks the schema: said in words, not as the parser's dump.
  const fault = protocolFaultOf(error, last?.rpcMethod ?? 'a request');
  const what = fault !== null ? `it ${protocolFaultWhat(fault)}.` : shortThrownMessage(error);
  return failed({ kind: 'protocol', message: `${host} did not answer as an MCP server should: ${what}` });
}

/**
 * The request that failed: the latest POST that got no answer or a non-success one (or else the latest POST). The
 * optional GET event stream is left out: a server may refuse it without the connection failing.
 */
function failedPost(entries: readonly WireEntry[]): WireEntry | undefined {
  const posts = entries.filter((e) => e.method === 'POST' && e.result.kind !== 'aborted');
  const bad = posts.filter(
    (e) =>
      e.result.kind === 'network-error' ||
      (e.result.kind === 'response' && (e.result.status >= 300 || e.result.status === 0)) ||
      isHtml(e),
  );
  return bad[bad.length - 1] ?? posts[posts.length - 1];
}

function isHtml(e: WireEntry): boolean {
  return e.result.kind === 'response' && e.result.contentType !== null && /text\/html/i.test(e.result.contentType);
}

/** A 2025 session whose id the browser hid: initialize succeeded without a readable Mcp-Session-Id, and a later request was refused. */
function sessionIdWasHidden(entries: readonly WireEntry[]): boolean {
  const init = entries.findIndex(
    (e) => e.rpcMethod === 'initialize' && e.result.kind === 'response' && e.result.status < 300,
  );
  if (init < 0) return false;
  const initEntry = entries[init];
  if (initEntry === undefined || initEntry.result.kind !== 'response' || initEntry.result.sessionId) return false;
  return entries
    .slice(init + 1)
    .some((e) => e.result.kind === 'response' && (e.result.status === 400 || e.result.status === 404));
}

/** The HTTP status an SDK error carries in its data, if any. */
export function httpStatusOf(error: unknown): number | undefined {
  if (error === null || typeof error !== 'object' || !('data' in error)) return undefined;
  const data: unknown = error.data;
  if (data === null || typeof data !== 'object' || !('status' in data)) return undefined;
  return typeof data.status === 'number' ? data.status : undefined;
}

export function shortThrownMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
