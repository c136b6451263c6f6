/**
 * Toolscope's OpenAI-compatible test server (node:http, 127.0.0.1 only).
 *
 *   const mock = await startMockServer();            // random port
 *   mock.script([
 *     { kind: 'tool_calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
 *     { kind: 'text', content: 'It is sunny.' },
 *   ]);
 *   new OpenAI({ baseURL: mock.url, apiKey: 'sk-test' })   // mock.url ends in /v1
 *   await mock.waitForDisconnect(0);                 // the client aborted request 0
 *   mock.requests[0].body.messages / .headers.authorization
 *   await mock.close();
 *
 * Routes: POST /v1/chat/completions (SSE when `stream`, else a chat.completion JSON), POST /v1/responses
 * (Responses API streams, scripted with `scriptResponses`, see responses-route.ts), GET /v1/models, Anthropic's
 * POST /v1/messages and Gemini's /v1beta/models/* (the same scripted steps in their formats: anthropic-route.ts,
 * gemini-route.ts),
 * POST /v1/embeddings (hashed bag of words), OPTIONS preflights, and /tools/* endpoints for HTTP tools
 * (see tool-routes.ts). Each chat request takes the next scripted step (FIFO); with none queued the
 * default step answers (the friendly echo responder unless configured). Step kinds: see types.ts. A `hold` step (or
 * GET /tools/hold) waits at a named gate until the test calls `mock.release(gate)`: see gates.ts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  ChatRequest,
  ChatRequestBody,
  MockServer,
  MockServerOptions,
  RecordedRequest,
  ServerEvent,
  Step,
} from './types';
import { createAnthropicRoute, isAnthropicRequest } from './anthropic-route';
import { corsHeaders } from './cors';
import { embeddingsResponse } from './embeddings';
import { createGates } from './gates';
import { friendlyResponder } from './friendly-responder';
import { createGeminiRoute } from './gemini-route';
import { playStep } from './play-step';
import { handleToolRoute } from './tool-routes';
import { DEFAULT_RESPONSES_STEP, playResponsesStep } from './responses-route';
import type { ResponsesStep } from './responses-steps';
import type { RouteContext } from './route-context';
import { errorBody, newId } from './wire-format';

export type * from './types';
export { readFixture } from './play-step';

const DEFAULT_MODELS = ['mock-gpt', 'mock-gpt-mini', 'mock-reasoner', 'mock-embedding'];
const ALL_APIS = ['chat', 'responses'] as const;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type Waiter = { check: () => boolean; cancel: (err: Error) => void };

export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  let opts: MockServerOptions = { cors: true, ...options };
  const queue: Step[] = [];
  const responsesQueue: ResponsesStep[] = [];
  const chats: ChatRequest[] = [];
  const all: RecordedRequest[] = [];
  const events: ServerEvent[] = [];
  const waiters = new Set<Waiter>();
  const gates = createGates();
  // Set by close(): connections cut at shutdown are the server's doing, not a client disconnect.
  let closing = false;
  const notify = () => {
    for (const w of [...waiters]) if (w.check()) waiters.delete(w);
  };
  gates.onChange(notify);
  const anthropicRoute = createAnthropicRoute();
  const geminiRoute = createGeminiRoute();

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      process.stderr.write(`[mock-llm] handler error: ${message}\n`);
      if (!res.headersSent)
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody(`mock server error: ${message}`, 'server_error', null)));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rec: RecordedRequest = {
      seq: all.length,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      rawBody: '',
      body: undefined,
      receivedAt: Date.now(),
    };
    all.push(rec);
    events.push({ kind: 'request', seq: rec.seq, path: rec.path, at: rec.receivedAt });
    const aborter = new AbortController();
    let destroyedByServer = false;
    res.on('close', () => {
      rec.closedAt = Date.now();
      rec.closedBy = destroyedByServer || closing ? 'server' : res.writableFinished ? 'complete' : 'client';
      rec.status = res.headersSent ? res.statusCode : undefined;
      events.push({ kind: 'closed', seq: rec.seq, path: rec.path, by: rec.closedBy, at: rec.closedAt });
      aborter.abort();
      notify();
    });
    notify();

    rec.rawBody = await readBody(req);
    rec.body = parseJson(rec.rawBody);

    const corsOn = opts.cors !== false && rec.path !== '/tools/nocors';
    const baseHeaders = { ...corsHeaders(req, corsOn), 'x-request-id': newId('req_mock') };
    const json = (status: number, value: unknown, extra: Record<string, string> = {}) =>
      res
        .writeHead(status, { ...baseHeaders, 'content-type': 'application/json', ...extra })
        .end(JSON.stringify(value));

    if (rec.method === 'OPTIONS') {
      res.writeHead(204, baseHeaders).end();
      return;
    }
    if (rec.path.startsWith('/tools/')) {
      if (!(await handleToolRoute(rec, res, baseHeaders, aborter.signal, gates)))
        json(404, { error: `no such tool endpoint: ${rec.path}` });
      return;
    }
    // Anthropic Messages and Gemini: routes of their own, each checking its own key header (see their files).
    const otherWire = rec.path.startsWith('/v1beta/')
      ? geminiRoute
      : isAnthropicRequest(rec.method, rec.path, req.headers['x-api-key'] !== undefined)
        ? anthropicRoute
        : null;
    if (otherWire) {
      const ctx: RouteContext = {
        rec,
        req,
        res,
        apiKey: opts.apiKey,
        modelIds: (opts.models ?? DEFAULT_MODELS).map((m) => (typeof m === 'string' ? m : m.id)),
        json,
        record(body, stream) {
          const chat: ChatRequest = Object.assign(rec, { index: chats.length, body, stream });
          chats.push(chat);
          notify();
          return chat;
        },
        nextStep: () => queue.shift() ?? opts.defaultStep ?? friendlyResponder(),
        play: {
          res,
          signal: aborter.signal,
          baseHeaders,
          onServerDestroy: () => {
            destroyedByServer = true;
          },
          gates,
        },
      };
      await otherWire(ctx);
      return;
    }
    if (!rec.path.startsWith('/v1/')) {
      if (rec.path === '/' && rec.method === 'GET') {
        res
          .writeHead(200, { ...baseHeaders, 'content-type': 'text/plain; charset=utf-8' })
          .end(`Toolscope mock LLM server. Base URL: ${base()}/v1\n`);
      } else {
        json(404, errorBody(`Invalid URL (${rec.method} ${rec.path})`, 'invalid_request_error', null));
      }
      return;
    }
    if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      const msg = req.headers.authorization
        ? 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.'
        : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).";
      json(401, errorBody(msg, 'invalid_request_error', req.headers.authorization ? 'invalid_api_key' : null));
      return;
    }
    const route = `${rec.method} ${rec.path}`;
    if (route === 'GET /v1/models') {
      json(200, { object: 'list', data: modelList() });
      return;
    }
    if (rec.method === 'GET' && rec.path.startsWith('/v1/models/')) {
      const id = decodeURIComponent(rec.path.slice('/v1/models/'.length));
      const m = modelList().find((x) => x.id === id);
      if (m) json(200, m);
      else
        json(404, errorBody(`The model '${id}' does not exist`, 'invalid_request_error', 'model_not_found', 'model'));
      return;
    }
    if (route === 'POST /v1/embeddings') {
      if (opts.embeddings === 'hang') {
        await new Promise<void>((resolve) => aborter.signal.addEventListener('abort', () => resolve(), { once: true }));
        return;
      }
      const r = embeddingsResponse(rec.body, opts.embeddingDimensions ?? 256);
      json(r.status, r.json);
      return;
    }
    // An API switched off answers as a server without that route would (Test connection tells them apart).
    const off =
      (route === 'POST /v1/chat/completions' && !(opts.apis ?? ALL_APIS).includes('chat')) ||
      (route === 'POST /v1/responses' && !(opts.apis ?? ALL_APIS).includes('responses'));
    if (off) {
      json(404, errorBody(`Invalid URL (${rec.method} ${rec.path})`, 'invalid_request_error', null));
      return;
    }
    if (
      (route === 'POST /v1/chat/completions' || route === 'POST /v1/responses') &&
      isObject(rec.body) &&
      typeof rec.body.model !== 'string'
    ) {
      // As OpenAI does: a body without a model is refused before anything runs, and takes no scripted step.
      json(
        400,
        errorBody(
          "Missing required parameter: 'model'.",
          'invalid_request_error',
          'missing_required_parameter',
          'model',
        ),
      );
      return;
    }
    if (route === 'POST /v1/chat/completions') {
      const body = rec.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        json(400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null));
        return;
      }
      const chatBody = body as ChatRequestBody;
      const chat: ChatRequest = Object.assign(rec, {
        index: chats.length,
        body: chatBody,
        stream: chatBody.stream === true,
      });
      chats.push(chat);
      notify();
      if (opts.strictModels && !modelList().some((m) => m.id === chatBody.model)) {
        json(
          404,
          errorBody(
            `The model \`${String(chatBody.model)}\` does not exist or you do not have access to it.`,
            'invalid_request_error',
            'model_not_found',
          ),
        );
        return;
      }
      const step = queue.shift() ?? opts.defaultStep ?? friendlyResponder();
      await playStep(step, {
        req: chat,
        res,
        signal: aborter.signal,
        baseHeaders,
        onServerDestroy: () => {
          destroyedByServer = true;
        },
        gates,
      });
      return;
    }
    if (route === 'POST /v1/responses') {
      const body = rec.body;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        json(400, errorBody('We could not parse the JSON body of your request.', 'invalid_request_error', null));
        return;
      }
      // Recorded with the chat requests, so waitForRequest / waitForDisconnect count them too.
      const chat: ChatRequest = Object.assign(rec, {
        index: chats.length,
        body: body as ChatRequestBody,
        stream: (body as { stream?: unknown }).stream === true,
      });
      chats.push(chat);
      notify();
      const model =
        typeof (body as { model?: unknown }).model === 'string'
          ? String((body as { model: string }).model)
          : 'mock-gpt';
      await playResponsesStep(responsesQueue.shift() ?? DEFAULT_RESPONSES_STEP, model, {
        req: chat,
        res,
        signal: aborter.signal,
        baseHeaders,
        onServerDestroy: () => {
          destroyedByServer = true;
        },
        gates,
      });
      return;
    }
    json(404, errorBody(`Invalid URL (${rec.method} ${rec.path})`, 'invalid_request_error', null));
  }

  function modelList() {
    return (opts.models ?? DEFAULT_MODELS).map((m) => {
      const e = typeof m === 'string' ? { id: m } : m;
      return {
        id: e.id,
        object: 'model',
        created: e.created ?? 1_700_000_000,
        owned_by: e.owned_by ?? 'toolscope-mock',
      };
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const base = () => `http://127.0.0.1:${port}`;

  function waitFor<T>(what: string, timeoutMs: number, probe: () => T | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(w);
        reject(new Error(`mock server: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const w: Waiter = {
        check: () => {
          let v: T | undefined;
          try {
            v = probe();
          } catch (err) {
            clearTimeout(timer);
            reject(err instanceof Error ? err : new Error(String(err)));
            return true;
          }
          if (v === undefined) return false;
          clearTimeout(timer);
          resolve(v);
          return true;
        },
        cancel: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      if (!w.check()) waiters.add(w);
    });
  }

  const mock: MockServer = {
    url: `${base()}/v1`,
    origin: base(),
    port,
    script(steps) {
      queue.push(...steps);
    },
    scriptResponses(steps) {
      responsesQueue.push(...steps);
    },
    get pending() {
      return queue.length;
    },
    configure(next) {
      opts = { ...opts, ...next };
    },
    get requests() {
      return chats;
    },
    get allRequests() {
      return all;
    },
    get events() {
      return events;
    },
    get disconnects() {
      return chats.filter((c) => c.closedBy === 'client').length;
    },
    waitForRequest(index, timeoutMs = 10_000) {
      return waitFor(`chat request #${index}`, timeoutMs, () => chats[index]);
    },
    waitForDisconnect(index, timeoutMs = 10_000) {
      return waitFor(`the client to disconnect chat request #${index}`, timeoutMs, () => {
        const c = chats[index];
        if (!c || c.closedAt === undefined) return undefined;
        if (c.closedBy !== 'client')
          throw new Error(
            `chat request #${index} ended ${c.closedBy === 'complete' ? 'normally' : 'by a server disconnect'}, not by the client`,
          );
        return { at: c.closedAt };
      });
    },
    waitForClose(index, timeoutMs = 10_000) {
      return waitFor(`chat request #${index} to close`, timeoutMs, () => {
        const c = chats[index];
        return c?.closedAt !== undefined && c.closedBy ? { at: c.closedAt, by: c.closedBy } : undefined;
      });
    },
    whereSent(secret) {
      const hits: Array<{ seq: number; method: string; path: string; where: string }> = [];
      if (!secret) return hits;
      for (const r of all) {
        const at = (where: string) => hits.push({ seq: r.seq, method: r.method, path: r.path, where });
        for (const [name, value] of Object.entries(r.headers)) {
          const v = Array.isArray(value) ? value.join(', ') : (value ?? '');
          if (v.includes(secret)) at(name === 'authorization' ? 'authorization' : `header:${name}`);
        }
        if (r.path.includes(secret)) at('path');
        if (Object.entries(r.query).some(([k, v]) => k.includes(secret) || v.includes(secret))) at('query');
        if (r.rawBody.includes(secret)) at('body');
      }
      return hits;
    },
    release(gate = 'hold', count = 1) {
      gates.release(gate, count);
    },
    waitForHold(gate = 'hold', timeoutMs = 10_000) {
      return waitFor(`something to wait at gate "${gate}"`, timeoutMs, () =>
        gates.waiting(gate) > 0 ? true : undefined,
      ).then(() => undefined);
    },
    reset() {
      queue.length = 0;
      responsesQueue.length = 0;
      chats.length = 0;
      all.length = 0;
      events.length = 0;
    },
    async close() {
      closing = true;
      for (const w of waiters) w.cancel(new Error('mock server closed'));
      waiters.clear();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return mock;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    const done = () => resolve(Buffer.concat(parts).toString('utf8'));
    req.on('end', done);
    // A client that goes away mid-upload never sends 'end'.
    req.on('close', done);
    req.on('error', done);
  });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
