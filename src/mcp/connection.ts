/**
 * Connecting to one MCP server over Streamable HTTP, either protocol generation, and what a live connection offers:
 * its tools, tool calls, and closing. States are reported as they change: connecting, then connected, needs
 * sign-in, or failed with a reason a person can act on.
 */
import './zod-jitless';
import {
  LOG_LEVEL_META_KEY,
  TRACEPARENT_META_KEY,
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { McpAuthError } from './auth/auth-error';
import { insufficientScopeIn, lastChallenge, moreAccessSentence } from './auth/challenge';
import { diagnoseFailure, type FailedState } from './failure';
import { liveSignInFailure, signInExpiredSentence, type LiveSignInGuard } from './live-sign-in';
import { McpSession } from './mcp-session';
import { McpProtocolFaultError, protocolFaultOf } from './protocol-fault';
import { createResourceSubscriptions, type ResourceUnsubscribe } from './resource-subscriptions';
import { browserNoCorsProbe } from './no-cors-probe';
import { promptText, toPromptInfo } from './prompt-shapes';
import { toResourceContent, toResourceInfo, toResourceTemplateInfo } from './resource-shapes';
import { toCallResult, toToolInfo } from './sdk-shapes';
import type { McpAuthFailure } from './auth/auth-types';
import type { SampleCallback } from './types';
import type {
  ElicitCallback,
  ElicitUrlCallback,
  McpConnectionState,
  McpLogLevel,
  McpLogMessage,
  McpProgress,
  McpPromptInfo,
  McpPromptText,
  McpResourceContent,
  McpResourceInfo,
  McpResourceTemplateInfo,
  McpServerSummary,
  McpToolCallResult,
  McpToolInfo,
  NoCorsProbe,
} from './types';
import { createOriginBoundFetch, createWireLog } from './wire-fetch';
import { createCallCapture, type CallCapture } from './call-capture';
import type { WireSink } from '../domain/wire-exchange';
import { createWireTap, type WireTap } from './wire-tap';
import { formatTraceparent } from './traceparent';
import type { McpWireMessage } from '../domain/mcp-call-trace';
import { taskAwareCall, taskWireFor, type TaskCallContext } from './tasks/task-call';
import { TASKS_EXTENSION, type McpTask } from './tasks/task-shape';
import type { TaskWire } from './tasks/follow-task';

const DEFAULT_TIMEOUT_MS = 30_000;

export type McpConnectOptions = {
  url: string;
  /** Secret headers (a token, an API key): sent only to requests whose origin is the server URL's. */
  headers?: Record<string, string>;
  /** Aborting stops connecting; `connectMcpServer` then rejects with the signal's reason. */
  signal?: AbortSignal;
  onState?: (state: McpConnectionState) => void;
  /** Asks the person to fill a server's form. Without it the client declares no elicitation support. */
  elicit?: ElicitCallback;
  /** Asks the person whether to open a link a server sends (URL-mode elicitation); declared only with `elicit` too. */
  elicitUrl?: ElicitUrlCallback;
  /** The server's log messages; with `logLevel`, the client asks for messages at that level and above. */
  onLog?: (message: McpLogMessage) => void;
  logLevel?: McpLogLevel;
  /** Legacy sampling (2025-11-25 servers): approval and the model run; the capability is declared only with it. */
  sample?: SampleCallback;
  /** Called with the new list when the server says its tools changed (2026-07-28: over subscriptions/listen). */
  onToolsChanged?: (tools: McpToolInfo[]) => void;
  /** Per-request timeout for connecting and listing. */
  timeoutMs?: number;
  clientInfo?: { name: string; version: string };
  /** The network; the page's fetch by default. */
  fetch?: typeof fetch;
  /** Tells a CORS refusal from an unreachable server; the browser's no-cors fetch by default. */
  probeNoCors?: NoCorsProbe;
  /** The page's origin: CORS applies when it differs from the server's. `location.origin` by default; null for none. */
  pageOrigin?: string | null;
  /** Signed-in access (createMcpSignIn(...).authProvider): sends the token, refreshes it when it runs out. */
  authProvider?: OAuthClientProvider;
  /**
   * The token endpoint's last failure seen while connecting (createMcpSignIn(...).takeFailure): the SDK falls back
   * to a fresh authorization when a refresh fails, so the reason would otherwise be lost.
   */
  takeAuthFailure?: () => McpAuthFailure | null;
};

type McpCallOptions = {
  signal: AbortSignal;
  timeoutMs: number;
  /** A W3C traceparent sent in the request's `_meta`. */
  traceparent?: string;
  /** Progress is asked for only when this is given. */
  onProgress?: (progress: McpProgress) => void;
  /** Receives the call's JSON-RPC messages as they pass (every round), for the timeline. */
  wire?: McpWireMessage[];
  /** Receives the HTTP exchanges of the call's `tools/call` requests (docs/wire-capture.md, "Tools"). */
  capture?: WireSink;
  /**
   * Follows a task the server answers with (architecture.md, "MCP Tasks"); the tasks extension is declared only
   * when this is given, and only toward a 2026-07-28 server that offers it.
   */
  onTask?: (task: McpTask, wire: TaskWire) => Promise<McpToolCallResult>;
};

export interface McpConnection {
  readonly url: string;
  readonly server: McpServerSummary;
  /** The server's tools; a fresh list while the server's caching hint says the last one is still good. */
  listTools(options?: { refresh?: boolean; signal?: AbortSignal; traceparent?: string }): Promise<McpToolInfo[]>;
  /** Rejects on protocol failures (unknown tool, timeout, cancel); a tool's own failure is `isError`. */
  callTool(name: string, args: Record<string, unknown>, options: McpCallOptions): Promise<McpToolCallResult>;
  /** The server's prompts (every page); empty when it offers none. */
  listPrompts(options?: { signal?: AbortSignal }): Promise<McpPromptInfo[]>;
  /** One prompt filled with `args`, as text for the Message box. */
  getPrompt(name: string, args: Record<string, string>, options?: { signal?: AbortSignal }): Promise<McpPromptText>;
  /** The server's resources and resource templates (first 1,000 of each); empty when it offers none. */
  listResources(options?: {
    signal?: AbortSignal;
  }): Promise<{ resources: McpResourceInfo[]; templates: McpResourceTemplateInfo[] }>;
  /** resources/read: the contents of one resource (an attachment, or an MCP App's View). */
  readResource(uri: string, options?: { signal?: AbortSignal }): Promise<McpResourceContent[]>;
  /**
   * Calls `onUpdated` whenever the server says the resource changed (resources/subscribe or subscriptions/listen),
   * until the returned function is called; null when the server offers no subscriptions.
   */
  subscribeResource(uri: string, onUpdated: () => void): Promise<ResourceUnsubscribe | null>;
  /** tasks/get, tasks/update, tasks/cancel toward this server, to follow a stored task again; null when it offers no tasks. */
  taskWire?(): TaskWire | null;
  close(): Promise<void>;
}

type McpConnectResult = { status: 'connected'; server: McpServerSummary; connection: McpConnection } | FailedState;

export async function connectMcpServer(options: McpConnectOptions): Promise<McpConnectResult> {
  const report = (state: McpConnectionState) => options.onState?.(state);
  const fail = (state: FailedState): FailedState => {
    report(state);
    return state;
  };
  report({ status: 'connecting' });
  const url = parseServerUrl(options.url);
  if (typeof url === 'string') return fail({ status: 'failed', failure: { kind: 'unreachable', message: url } });
  const headerProblem = checkHeaders(options.headers ?? {});
  if (headerProblem !== null) return fail({ status: 'failed', failure: { kind: 'protocol', message: headerProblem } });

  const baseFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const log = createWireLog();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let serverName: string | undefined;
  // Set once connected: from then on a server that breaks the protocol breaks the connection (protocol-fault.ts).
  let connected = false;
  const breakOn = (request: string, error: unknown): unknown => {
    const fault = connected ? protocolFaultOf(error, request) : null;
    if (fault === null) return error;
    const broken = new McpProtocolFaultError(fault, serverName ?? url.host);
    report({ status: 'failed', failure: { kind: 'broken', fault, message: broken.message } });
    return broken;
  };
  // Whether a sign-in was stored before connecting: a 401 then means the token ran out and could not be renewed.
  const provider = options.authProvider;
  const hadTokens =
    provider !== undefined &&
    (await Promise.resolve()
      .then(() => provider.tokens())
      .catch(() => undefined)) !== undefined;
  const tap = createWireTap();
  const calls = createCallCapture(Object.keys(options.headers ?? {}), baseFetch);
  const boundFetch = createOriginBoundFetch({ serverUrl: url, secrets: options.headers ?? {}, base: calls.fetch, log });
  const session = new McpSession({
    tap,
    url,
    fetch: boundFetch,
    clientInfo: options.clientInfo ?? { name: 'Toolscope', version: '0.1.0' },
    serverName: () => serverName,
    ...(options.elicit !== undefined ? { elicit: options.elicit } : {}),
    ...(options.elicitUrl !== undefined ? { elicitUrl: options.elicitUrl } : {}),
    ...(options.onLog !== undefined ? { onLog: options.onLog } : {}),
    ...(options.onToolsChanged !== undefined
      ? {
          onToolsChanged: options.onToolsChanged,
          onToolsChangeFailed: (error: Error) => void breakOn('tools/list', error),
        }
      : {}),
    ...(options.authProvider !== undefined ? { authProvider: options.authProvider } : {}),
    ...(options.sample !== undefined ? { sample: options.sample } : {}),
  });
  try {
    await session.open(options.signal, timeoutMs);
    const server = await summarize(session, url, options, timeoutMs);
    serverName = server.name;
    const guard: LiveSignInGuard | null =
      provider !== undefined
        ? {
            host: url.host,
            report,
            challenge: () => lastChallenge(log, url),
            ...(options.takeAuthFailure !== undefined ? { takeAuthFailure: options.takeAuthFailure } : {}),
          }
        : null;
    const tasks: TaskCallContext = {
      url,
      fetch: boundFetch,
      clientInfo: options.clientInfo ?? { name: 'Toolscope', version: '0.1.0' },
      clientCapabilities:
        options.elicit !== undefined
          ? { elicitation: { form: {}, ...(options.elicitUrl !== undefined ? { url: {} } : {}) } }
          : {},
      ...(provider !== undefined ? { authProvider: provider } : {}),
      ...(options.onLog !== undefined ? { onLog: options.onLog } : {}),
    };
    const connection = createConnection(
      guardedSession(session, guard),
      url,
      server,
      options.logLevel,
      timeoutMs,
      { tap, calls },
      tasks,
      breakOn,
    );
    connected = true;
    report({ status: 'connected', server });
    return { status: 'connected', server, connection };
  } catch (error) {
    await session.close();
    if (options.signal?.aborted === true) throw options.signal.reason;
    // The server wants more scope than the token carries: the person signs in again for it (architecture.md, "MCP sign-in").
    const moreAccess = insufficientScopeIn(error);
    if (moreAccess !== null)
      return fail({
        status: 'needs-sign-in',
        httpStatus: 403,
        message: moreAccessSentence(url.host, moreAccess),
        challenge: moreAccess,
      });
    // The 401's challenge goes with the state, so the sign-in asks for the scope it named.
    const challenge = lastChallenge(log, url);
    const needsSignIn = (message: string): FailedState => ({
      status: 'needs-sign-in',
      httpStatus: 401,
      message,
      ...(challenge?.kind === 'sign-in' ? { challenge } : {}),
    });
    const authFailure = authFailureIn(error) ?? options.takeAuthFailure?.() ?? null;
    if (authFailure !== null && authFailure.kind !== 'unreachable') return fail(needsSignIn(authFailure.message));
    // The SDK gave up on the stored sign-in (refresh refused) and wants a new authorization.
    if (error instanceof UnauthorizedError && options.authProvider !== undefined) {
      const host = url.host;
      return fail(needsSignIn(hadTokens ? signInExpiredSentence(host) : `${host} requires sign-in. Use Sign in.`));
    }
    const pageOrigin = options.pageOrigin === undefined ? (globalThis.location?.origin ?? null) : options.pageOrigin;
    const diagnosed = await diagnoseFailure(error, {
      url,
      log,
      corsApplies: pageOrigin !== null && pageOrigin !== url.origin,
      fetch: baseFetch,
      probeNoCors: options.probeNoCors ?? browserNoCorsProbe,
    });
    if (diagnosed.status === 'needs-sign-in' && diagnosed.httpStatus === 401) {
      return fail(needsSignIn(hadTokens ? signInExpiredSentence(url.host) : diagnosed.message));
    }
    return fail(diagnosed);
  }
}

/** A session whose requests, on a signed-in connection, fail with McpSignInExpiredError once the sign-in is lost. */
function guardedSession(session: McpSession, guard: LiveSignInGuard | null): McpSession {
  if (guard === null) return session;
  const run = session.run.bind(session);
  session.run = (op, signal, timeoutMs) =>
    run(op, signal, timeoutMs).catch((error: unknown) => {
      throw liveSignInFailure(error, guard);
    });
  return session;
}

/** A sign-in failure the token endpoint's guard raised during a refresh, however deep the SDK wrapped it. */
function authFailureIn(error: unknown): McpAuthError['failure'] | null {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof McpAuthError) return e.failure;
  }
  return null;
}

async function summarize(
  session: McpSession,
  url: URL,
  options: McpConnectOptions,
  timeoutMs: number,
): Promise<McpServerSummary> {
  const client = session.client;
  const signal = options.signal;
  const req = { ...(signal !== undefined ? { signal } : {}), timeout: timeoutMs };
  const caps = client.getServerCapabilities() ?? {};
  const era = client.getProtocolEra() ?? 'legacy';
  // A 2025 server filters logs by a session-wide level; a 2026 one by the level each request carries (see callTool).
  if (era === 'legacy' && options.logLevel !== undefined && caps.logging !== undefined)
    await client.setLoggingLevel(options.logLevel, req);
  const tools = caps.tools !== undefined ? (await client.listTools(undefined, req)).tools.length : 0;
  const resources = caps.resources !== undefined ? (await client.listResources(undefined, req)).resources.length : 0;
  const prompts = caps.prompts !== undefined ? (await client.listPrompts(undefined, req)).prompts.length : 0;
  const info = client.getServerVersion();
  const instructions = client.getInstructions();
  return {
    name: info?.name ?? url.host,
    version: info?.version ?? '',
    ...(info?.title !== undefined ? { title: info.title } : {}),
    protocolRevision: client.getNegotiatedProtocolVersion() ?? '',
    era,
    counts: { tools, resources, prompts },
    ...(instructions !== undefined ? { instructions } : {}),
  };
}

/** `breakOn` turns a protocol fault of the server into McpProtocolFaultError (reporting the connection broken); other errors pass. */
function createConnection(
  session: McpSession,
  url: URL,
  server: McpServerSummary,
  logLevel: McpLogLevel | undefined,
  timeoutMs: number,
  { tap, calls }: { tap: WireTap; calls: CallCapture },
  tasks: TaskCallContext,
  breakOn: (request: string, error: unknown) => unknown,
): McpConnection {
  const guard = <T>(request: string, done: Promise<T>): Promise<T> =>
    done.catch((error: unknown) => {
      throw breakOn(request, error);
    });
  const subscriptions = createResourceSubscriptions(() => session.client);
  session.onResourceUpdated = (uri) => subscriptions.updated(uri);
  session.onReopened = () => void subscriptions.resubscribe(timeoutMs);
  return {
    url: url.href,
    server,
    listTools: async (opts = {}) => {
      const meta = opts.traceparent !== undefined ? { [TRACEPARENT_META_KEY]: opts.traceparent } : undefined;
      const result = await guard(
        'tools/list',
        session.run(
          (client) =>
            client.listTools(meta !== undefined ? { _meta: meta } : undefined, {
              ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
              timeout: timeoutMs,
              cacheMode: opts.refresh === true ? 'refresh' : 'use',
            }),
          opts.signal,
          timeoutMs,
        ),
      );
      return result.tools.map(toToolInfo);
    },
    callTool: async (name, args, opts) => {
      const meta: Record<string, unknown> = {};
      // Every call carries a traceparent: it joins the server's traces to ours and tells this call's messages apart.
      const traceparent = opts.traceparent ?? randomTraceparent();
      meta[TRACEPARENT_META_KEY] = traceparent;
      const recording = opts.wire !== undefined ? tap.begin(traceparent, opts.wire) : null;
      const capturing = opts.capture !== undefined ? calls.begin(traceparent, opts.capture) : null;
      if (logLevel !== undefined && server.era === 'modern') meta[LOG_LEVEL_META_KEY] = logLevel;
      const onTask = opts.onTask;
      if (onTask !== undefined && server.era === 'modern' && offersTasks(session)) {
        return taskAwareCall(
          { ...tasks, protocolVersion: server.protocolRevision },
          {
            name,
            args,
            meta,
            signal: opts.signal,
            ...(opts.wire !== undefined ? { wire: opts.wire } : {}),
            ...(opts.onProgress !== undefined ? { onProgress: opts.onProgress } : {}),
            onTask,
          },
        ).finally(() => capturing?.end());
      }
      const onProgress = opts.onProgress;
      const result = await guard(
        'tools/call',
        session.run(
          (client) =>
            client.callTool(
              { name, arguments: args, ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}) },
              {
                signal: opts.signal,
                timeout: opts.timeoutMs,
                ...(onProgress !== undefined
                  ? {
                      onprogress: (p: McpProgress) =>
                        onProgress({
                          progress: p.progress,
                          ...(p.total !== undefined ? { total: p.total } : {}),
                          ...(p.message !== undefined ? { message: p.message } : {}),
                        }),
                    }
                  : {}),
              },
            ),
          opts.signal,
          opts.timeoutMs,
        ),
      ).finally(() => {
        recording?.end();
        capturing?.end();
      });
      return toCallResult(result);
    },
    listPrompts: async (opts = {}) => {
      if (server.counts.prompts === 0 && session.client.getServerCapabilities()?.prompts === undefined) return [];
      const out: McpPromptInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await session.run(
          (client) =>
            client.listPrompts(cursor !== undefined ? { cursor } : undefined, {
              ...(opts.signal !== undefined ? { signal: opts.signal } : {}),
              timeout: timeoutMs,
            }),
          opts.signal,
          timeoutMs,
        );
        out.push(...page.prompts.map(toPromptInfo));
        cursor = page.nextCursor;
      } while (cursor !== undefined && out.length < 1000);
      return out;
    },
    getPrompt: async (name, args, opts = {}) => {
      const result = await session.run(
        (client) =>
          client.getPrompt(
            { name, arguments: args },
            { ...(opts.signal !== undefined ? { signal: opts.signal } : {}), timeout: timeoutMs },
          ),
        opts.signal,
        timeoutMs,
      );
      return promptText(result);
    },
    listResources: async (opts = {}) => {
      if (session.client.getServerCapabilities()?.resources === undefined) return { resources: [], templates: [] };
      const req = { ...(opts.signal !== undefined ? { signal: opts.signal } : {}), timeout: timeoutMs };
      const resources: McpResourceInfo[] = [];
      const templates: McpResourceTemplateInfo[] = [];
      let cursor: string | undefined;
      do {
        const page = await session.run(
          (client) => client.listResources(cursor !== undefined ? { cursor } : undefined, req),
          opts.signal,
          timeoutMs,
        );
        resources.push(...page.resources.map(toResourceInfo));
        cursor = page.nextCursor;
      } while (cursor !== undefined && resources.length < 1000);
      do {
        const page = await session.run(
          (client) => client.listResourceTemplates(cursor !== undefined ? { cursor } : undefined, req),
          opts.signal,
          timeoutMs,
        );
        templates.push(...page.resourceTemplates.map(toResourceTemplateInfo));
        cursor = page.nextCursor;
      } while (cursor !== undefined && templates.length < 1000);
      return { resources, templates };
    },
    readResource: async (uri, opts = {}) => {
      const result = await session.run(
        (client) =>
          client.readResource(
            { uri },
            { ...(opts.signal !== undefined ? { signal: opts.signal } : {}), timeout: timeoutMs },
          ),
        opts.signal,
        timeoutMs,
      );
      return result.contents.map(toResourceContent);
    },
    subscribeResource: (uri, onUpdated) =>
      session.run(() => subscriptions.subscribe(uri, onUpdated, timeoutMs), undefined, timeoutMs),
    taskWire: () =>
      server.era === 'modern' && offersTasks(session)
        ? taskWireFor({ ...tasks, protocolVersion: server.protocolRevision })
        : null,
    close: () => session.close(),
  };
}

function offersTasks(session: McpSession): boolean {
  const extensions: unknown = (session.client.getServerCapabilities() as { extensions?: unknown } | undefined)
    ?.extensions;
  return extensions !== null && typeof extensions === 'object' && TASKS_EXTENSION in extensions;
}

function parseServerUrl(text: string): URL | string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return `"${text}" is not a web address. Enter the server's MCP endpoint, such as https://example.com/mcp.`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `"${text}" is not an http:// or https:// address. Toolscope reaches MCP servers over HTTP.`;
  return url;
}

// Headers the transport itself sets from the connection's state; a value given here would be overwritten or clash.
const RESERVED = new Set([
  'content-type',
  'accept',
  'mcp-session-id',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'last-event-id',
]);

function checkHeaders(headers: Record<string, string>): string | null {
  for (const [name, value] of Object.entries(headers)) {
    if (RESERVED.has(name.trim().toLowerCase()))
      return `The header "${name}" is set by the MCP client itself; remove it from this server's headers.`;
    try {
      new Headers([[name, value]]);
    } catch {
      // The platform's message may quote the value, which is a secret: name the header only.
      return `The header "${name}" cannot be sent: header names are letters, digits and dashes, and values are one line of text.`;
    }
  }
  return null;
}

function randomTraceparent(): string {
  const hex = (bytes: number) =>
    Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
  const nonZero = (bytes: number) => {
    for (;;) {
      const h = hex(bytes);
      if (!/^0+$/.test(h)) return h;
    }
  };
  return formatTraceparent(nonZero(16), nonZero(8));
}
