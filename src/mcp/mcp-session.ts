/**
 * One SDK Client on one Streamable HTTP transport, and its replacement when a 2025-11-25 session expires: a request
 * that carried a session id and got 404 means the server dropped the session, so the session is opened again
 * (initialize, straight away: the server's generation is known) and the request is sent once more. Only once: a
 * second 404 is a real answer.
 */
import './zod-jitless';
import {
  Client,
  StreamableHTTPClientTransport,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  type OAuthClientProvider,
} from '@modelcontextprotocol/client';
import { elicitationHandler } from './elicitation';
import { httpStatusOf } from './failure';
import { createAnswerGuardFetch } from './answer-guard';
import { createRelatingFetch } from './related-stream';
import { samplingHandler } from './sampling';
import { toToolInfo } from './sdk-shapes';
import type {
  ElicitCallback,
  ElicitUrlCallback,
  SampleCallback,
  McpLogLevel,
  McpLogMessage,
  McpToolInfo,
} from './types';
import type { WireTap } from './wire-tap';

type SessionOptions = {
  url: URL;
  fetch: typeof fetch;
  clientInfo: { name: string; version: string };
  elicit?: ElicitCallback;
  /** Asks the person about a link; URL-mode elicitation is declared only with it (and `elicit`). */
  elicitUrl?: ElicitUrlCallback;
  onLog?: (message: McpLogMessage) => void;
  onToolsChanged?: (tools: McpToolInfo[]) => void;
  /** The list the server said changed could not be read (the SDK asks for it again on the notice). */
  onToolsChangeFailed?: (error: Error) => void;
  /** The server's name once known, for elicitation requests. */
  serverName: () => string | undefined;
  authProvider?: OAuthClientProvider;
  /** Legacy sampling; the capability is declared only with it. */
  sample?: SampleCallback;
  /** Sees every JSON-RPC message sent and received once connected, for the calls' records. */
  tap?: WireTap;
};

/**
 * Output schemas are checked with the app's validator (asynchronous, in a worker on the page, since the page's
 * policy forbids compiling schemas); this keeps the SDK from compiling them on its own.
 */
const acceptAll: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

type Live = { client: Client; transport: StreamableHTTPClientTransport };

/**
 * A call on a session that is closed: the page dropped the connection (the server broke the protocol, signed out, was
 * removed) while a run still held its tools. The next run connects again (architecture.md, "MCP in the app").
 */
export class McpSessionClosedError extends Error {
  constructor() {
    super(
      'Toolscope had closed the connection to this MCP server (it broke, or was removed or signed ' +
        'out) while the run still offered its tools; the next run connects again.',
    );
    this.name = 'McpSessionClosedError';
  }
}

export class McpSession {
  private live: Live | null = null;
  private reopening: Promise<Live> | null = null;
  private closed = false;
  /** Receives `notifications/resources/updated` (legacy) and the same notification from a listen stream (modern). */
  onResourceUpdated: ((uri: string) => void) | null = null;
  /** Told when an expired legacy session was opened again: what the old one subscribed to must be asked for anew. */
  onReopened: (() => void) | null = null;

  constructor(private readonly options: SessionOptions) {}

  get client(): Client {
    if (this.live === null) throw new McpSessionClosedError();
    return this.live.client;
  }

  /** Connects, negotiating the revision: server/discover first, `initialize` when the server is of the 2025 generation. */
  async open(signal: AbortSignal | undefined, timeoutMs: number): Promise<void> {
    this.live = await this.connect('negotiate', signal, timeoutMs);
  }

  /** Runs `op` on the current client; a legacy session that expired under it is opened again and `op` retried once. */
  async run<T>(op: (client: Client) => Promise<T>, signal: AbortSignal | undefined, timeoutMs: number): Promise<T> {
    const live = this.live;
    if (live === null) throw new McpSessionClosedError();
    try {
      return await op(live.client);
    } catch (error) {
      const expired =
        live.client.getProtocolEra() === 'legacy' &&
        live.transport.sessionId !== undefined &&
        httpStatusOf(error) === 404;
      if (!expired || signal?.aborted === true || this.closed) throw error;
      const fresh = await this.reopen(live, signal, timeoutMs);
      return op(fresh.client);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const live = this.live;
    this.live = null;
    if (live === null) return;
    // Ending the session is a courtesy to the server; a server that refuses it (405) or is gone changes nothing here.
    await live.transport.terminateSession().catch(() => undefined);
    await live.client.close().catch(() => undefined);
  }

  /** Concurrent requests that all hit the expired session share one reconnect. */
  private reopen(failed: Live, signal: AbortSignal | undefined, timeoutMs: number): Promise<Live> {
    if (this.live !== failed && this.live !== null) return Promise.resolve(this.live);
    this.reopening ??= (async () => {
      try {
        void failed.client.close().catch(() => undefined);
        const fresh = await this.connect('legacy', signal, timeoutMs);
        if (this.closed) {
          await fresh.client.close().catch(() => undefined);
          throw new Error('The MCP connection was closed.');
        }
        this.live = fresh;
        this.onReopened?.();
        return fresh;
      } finally {
        this.reopening = null;
      }
    })();
    return this.reopening;
  }

  private async connect(
    mode: 'negotiate' | 'legacy',
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): Promise<Live> {
    const { options } = this;
    const onToolsChanged = options.onToolsChanged;
    const onToolsChangeFailed = options.onToolsChangeFailed;
    const client = new Client(options.clientInfo, {
      capabilities: {
        ...(options.elicit !== undefined
          ? { elicitation: { form: {}, ...(options.elicitUrl !== undefined ? { url: {} } : {}) } }
          : {}),
        ...(options.sample !== undefined ? { sampling: {} } : {}),
      },
      versionNegotiation: { mode: 'auto' },
      jsonSchemaValidator: acceptAll,
      ...(onToolsChanged !== undefined
        ? {
            listChanged: {
              tools: {
                onChanged: (error: Error | null, tools: Parameters<typeof toToolInfo>[0][] | null) => {
                  if (error === null && tools !== null) onToolsChanged(tools.map(toToolInfo));
                  else if (error !== null) onToolsChangeFailed?.(error);
                },
              },
            },
          }
        : {}),
    });
    if (options.elicit !== undefined) {
      const name = options.serverName;
      client.setRequestHandler(
        'elicitation/create',
        elicitationHandler(
          options.elicit,
          () => {
            const n = name();
            return { url: options.url.href, ...(n !== undefined ? { name: n } : {}) };
          },
          options.elicitUrl,
        ),
      );
    }
    const sample = options.sample;
    if (sample !== undefined) {
      client.setRequestHandler(
        'sampling/createMessage',
        samplingHandler(sample, () => {
          const n = options.serverName();
          return { url: options.url.href, ...(n !== undefined ? { name: n } : {}) };
        }),
      );
    }
    // Always routed: resources this connection subscribes to later (resource-subscriptions.ts) are told apart by URI.
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      this.onResourceUpdated?.(n.params.uri);
    });
    const onLog = options.onLog;
    if (onLog !== undefined) {
      client.setNotificationHandler('notifications/message', (n) => {
        onLog({
          level: n.params.level as McpLogLevel,
          ...(n.params.logger !== undefined ? { logger: n.params.logger } : {}),
          data: n.params.data,
        });
      });
    }
    const tap = options.tap;
    const guarded = createAnswerGuardFetch(options.fetch);
    const fetch =
      tap !== undefined ? createRelatingFetch(guarded, (server, client) => tap.relate(server, client)) : guarded;
    // A 403 insufficient_scope is the person's to answer (sign in again for more access), never an authorization the
    // transport starts by itself: 'throw' hands it back as InsufficientScopeError (architecture.md, "MCP sign-in").
    const transport = new StreamableHTTPClientTransport(options.url, {
      fetch,
      onInsufficientScope: 'throw',
      ...(options.authProvider !== undefined ? { authProvider: options.authProvider } : {}),
    });
    await client.connect(transport, {
      ...(signal !== undefined ? { signal } : {}),
      timeout: timeoutMs,
      ...(mode === 'legacy' ? { prior: { kind: 'legacy' } } : {}),
    });
    if (options.tap !== undefined) tapTransport(transport, options.tap);
    return { client, transport };
  }
}

/** The client reads `send` and `onmessage` off the transport at each use, so wrapping them after connecting sees every message. */
function tapTransport(transport: StreamableHTTPClientTransport, tap: WireTap): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    tap.sent(message);
    return send(message, options);
  };
  const inner = transport.onmessage;
  if (inner === undefined) return;
  // Rest arguments: whatever else the transport hands along (request info) reaches the client unchanged.
  transport.onmessage = (...args: Parameters<typeof inner>) => {
    tap.received(args[0]);
    inner(...args);
  };
}
