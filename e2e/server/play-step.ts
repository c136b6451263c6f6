import type { ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChatRequest, StaticStep, Step, StepTiming, StreamErrorStep, TextStep, ToolCallsStep } from './types';
import type { Gates } from './gates';
import {
  chunkFactory,
  defaultError,
  errorBody,
  makeUsage,
  newId,
  splitInto,
  splitWords,
  sseData,
  SSE_DONE,
} from './wire-format';

export type PlayContext = {
  req: ChatRequest;
  res: ServerResponse;
  /** Aborted when the connection closes, so pending timers stop. */
  signal: AbortSignal;
  /** Extra headers every response carries (CORS, request id). */
  baseHeaders: Record<string, string>;
  /** Called right before the server itself destroys the socket. */
  onServerDestroy(): void;
  /** The server's gates, which `hold` steps wait at. */
  gates: Gates;
  /** Another wire format's rendering of the answers (Anthropic Messages, Gemini); Chat Completions without it. */
  wire?: WireRenderer;
};

export type Planned = { status: number; headers: Record<string, string>; events: string[] };

/** How a wire format other than Chat Completions writes the same steps: the timing steps wrap what it plans. */
export type WireRenderer = {
  plan(s: TextStep | ToolCallsStep | StreamErrorStep, req: ChatRequest): Planned;
  /** The JSON body of an `http_error` step in this format's error shape. */
  errorJson(status: number, message: string | undefined): unknown;
};

const FIXTURE_DIR = fileURLToPath(new URL('../../src/agent/__fixtures__/openai-sse/', import.meta.url));

const DEFAULT_TEXT: TextStep = {
  kind: 'text',
  content: 'This is a scripted reply from the mock server, streamed in several chunks.',
};

/** Resolves function steps and `slow` wrappers into a concrete step plus its timing. */
async function resolveStep(step: Step, req: ChatRequest): Promise<StaticStep> {
  let s: StaticStep = typeof step === 'function' ? await step(req) : step;
  while (s.kind === 'slow') {
    const inner: StaticStep = s.step ? (typeof s.step === 'function' ? await s.step(req) : s.step) : DEFAULT_TEXT;
    if (inner.kind === 'text' || inner.kind === 'tool_calls' || inner.kind === 'stream_error' || inner.kind === 'raw') {
      s = {
        ...inner,
        firstByteDelayMs: s.firstByteDelayMs ?? inner.firstByteDelayMs,
        chunkDelayMs: s.chunkDelayMs ?? inner.chunkDelayMs,
      };
    } else {
      s = inner;
    }
  }
  return s;
}

export async function playStep(step: Step, ctx: PlayContext): Promise<void> {
  const s = await resolveStep(step, ctx.req);
  switch (s.kind) {
    case 'http_error': {
      if (!(await sleep(s.firstByteDelayMs, ctx.signal))) return;
      const d = defaultError(s.status);
      const headers: Record<string, string> = { ...ctx.baseHeaders, ...(s.headers ?? {}) };
      if (s.retryAfter !== undefined) headers['retry-after'] = String(s.retryAfter);
      if (s.retryAfterMs !== undefined) headers['retry-after-ms'] = String(s.retryAfterMs);
      const body =
        s.rawBody ??
        JSON.stringify(
          ctx.wire
            ? ctx.wire.errorJson(s.status, s.message)
            : errorBody(
                s.message ?? d.message,
                s.type ?? d.type,
                s.code === undefined ? d.code : s.code,
                s.param ?? null,
              ),
        );
      headers['content-type'] ??= s.rawBody === undefined ? 'application/json' : 'text/html; charset=utf-8';
      ctx.res.writeHead(s.status, headers).end(body);
      return;
    }
    case 'hang':
    case 'disconnect': {
      if (s.afterChunks === undefined) {
        if (s.kind === 'disconnect') destroy(ctx);
        else await untilAborted(ctx.signal);
        return;
      }
      const inner = await resolveStep(s.step ?? DEFAULT_TEXT, ctx.req);
      const plan = planFor(inner, ctx.req, ctx.wire);
      const cut = { after: s.afterChunks, then: s.kind === 'disconnect' ? ('destroy' as const) : ('hang' as const) };
      await writePlan(plan, timingOf(inner), ctx, cut);
      return;
    }
    case 'keep_alive': {
      const inner = await resolveStep(s.step ?? DEFAULT_TEXT, ctx.req);
      const line = `: ${s.comment ?? 'keep-alive'}\n\n`;
      const stop: Stop = {
        after: s.afterChunks ?? 1,
        wait: () => writeComments({ forMs: s.forMs, everyMs: s.everyMs ?? 250, line }, ctx),
      };
      await writePlan(planFor(inner, ctx.req, ctx.wire), timingOf(inner), ctx, undefined, [stop]);
      return;
    }
    case 'hold': {
      const inner = await resolveStep(s.step ?? DEFAULT_TEXT, ctx.req);
      const counts = typeof s.afterChunks === 'number' ? [s.afterChunks] : [...s.afterChunks];
      const stops = counts.map(
        (after): Stop => ({ after, wait: () => holdAt(s.gate ?? 'hold', s.everyMs ?? 5000, ctx) }),
      );
      await writePlan(planFor(inner, ctx.req, ctx.wire), timingOf(inner), ctx, undefined, stops);
      return;
    }
    case 'slow':
      throw new Error('unreachable: slow steps are resolved first');
    default: {
      const plan = planFor(s, ctx.req, ctx.wire);
      await writePlan(plan, timingOf(s), ctx);
    }
  }
}

function timingOf(s: StaticStep): StepTiming {
  return 'chunkDelayMs' in s || 'firstByteDelayMs' in s
    ? { firstByteDelayMs: s.firstByteDelayMs, chunkDelayMs: 'chunkDelayMs' in s ? s.chunkDelayMs : undefined }
    : {};
}

/** Turns a step into a status, headers and the list of writes (SSE events, or one JSON body when not streaming). */
function planFor(s: StaticStep, req: ChatRequest, wire?: WireRenderer): Planned {
  if (wire && (s.kind === 'text' || s.kind === 'tool_calls' || s.kind === 'stream_error')) return wire.plan(s, req);
  switch (s.kind) {
    case 'text':
    case 'tool_calls':
      return req.stream ? streamPlan(s, req) : jsonPlan(s, req);
    case 'stream_error':
      return req.stream
        ? streamErrorPlan(s, req)
        : {
            status: s.statusCode ?? 500,
            headers: { 'content-type': 'application/json' },
            events: [JSON.stringify(errorBody(s.message, s.type ?? 'server_error', s.code ?? null))],
          };
    case 'raw': {
      const body = s.body ?? (s.fixture ? readFixture(s.fixture) : '');
      // Keep each event's trailing blank line with it so a cut never splits an event.
      const events = body.match(/[\s\S]*?(?:\r?\n\r?\n|$)/g)?.filter((e) => e.length > 0) ?? [];
      return {
        status: s.status ?? 200,
        headers: { 'content-type': s.contentType ?? 'text/event-stream; charset=utf-8', ...(s.headers ?? {}) },
        events,
      };
    }
    default:
      if (wire) return wire.plan(DEFAULT_TEXT, req);
      return req.stream ? streamPlan(DEFAULT_TEXT, req) : jsonPlan(DEFAULT_TEXT, req);
  }
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
};

function streamPlan(s: TextStep | ToolCallsStep, req: ChatRequest): Planned {
  const includeUsage = req.body.stream_options?.include_usage === true;
  const f = chunkFactory(newId('chatcmpl-mock'), s.model ?? req.body.model ?? 'mock-model', includeUsage);
  const events: string[] = [];
  const reasoningKey = s.reasoningKey ?? 'reasoning_content';
  let completion = '';
  events.push(sseData(f.delta({ role: 'assistant', content: '', refusal: null })));
  if (s.reasoning) {
    completion += s.reasoning;
    for (const piece of splitWords(s.reasoning)) events.push(sseData(f.delta({ [reasoningKey]: piece })));
  }
  const content = s.kind === 'text' ? s.content : (s.text ?? '');
  completion += content;
  const pieces = s.kind === 'text' && s.chunks !== undefined ? splitInto(content, s.chunks) : splitWords(content);
  for (const piece of pieces) events.push(sseData(f.delta({ content: piece })));
  if (s.kind === 'tool_calls') {
    const calls = s.calls.map((c, i) => ({
      id: c.id ?? `call_${newId('')}_${i}`,
      name: c.name,
      fragments: splitInto(
        typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
        s.fragments ?? 3,
      ),
    }));
    for (const c of calls) completion += c.name + c.fragments.join('');
    const head = (i: number) => {
      const c = calls[i]!;
      return { index: i, id: c.id, type: 'function', function: { name: c.name, arguments: '' } };
    };
    const frag = (i: number, text: string) => ({ index: i, function: { arguments: text } });
    if ((s.order ?? 'interleaved') === 'sequential') {
      calls.forEach((c, i) => {
        events.push(sseData(f.delta({ tool_calls: [head(i)] })));
        for (const text of c.fragments) events.push(sseData(f.delta({ tool_calls: [frag(i, text)] })));
      });
    } else {
      calls.forEach((_c, i) => events.push(sseData(f.delta({ tool_calls: [head(i)] }))));
      const longest = Math.max(0, ...calls.map((c) => c.fragments.length));
      for (let k = 0; k < longest; k++) {
        calls.forEach((c, i) => {
          const text = c.fragments[k];
          if (text !== undefined) events.push(sseData(f.delta({ tool_calls: [frag(i, text)] })));
        });
      }
    }
  }
  events.push(sseData(f.delta({}, s.finish ?? (s.kind === 'text' ? 'stop' : 'tool_calls'))));
  if (includeUsage && !s.omitUsage) events.push(sseData(f.usage(makeUsage(req.body, completion, s.usage))));
  events.push(SSE_DONE);
  return { status: 200, headers: { ...SSE_HEADERS, ...(s.headers ?? {}) }, events };
}

function streamErrorPlan(s: StreamErrorStep, req: ChatRequest): Planned {
  const f = chunkFactory(newId('chatcmpl-mock'), s.model ?? req.body.model ?? 'mock-model', false);
  const events: string[] = [];
  if (s.textBefore) {
    events.push(sseData(f.delta({ role: 'assistant', content: '' })));
    for (const piece of splitWords(s.textBefore)) events.push(sseData(f.delta({ content: piece })));
  }
  const err = errorBody(s.message, s.type ?? 'server_error', s.code ?? null).error;
  const payload = { error: s.statusCode !== undefined ? { ...err, status_code: s.statusCode } : err };
  const style = s.style ?? 'chunk';
  events.push(style === 'event' ? `event: error\n${sseData(payload)}` : sseData(payload));
  if (s.done ?? style === 'chunk') events.push(SSE_DONE);
  return { status: 200, headers: { ...SSE_HEADERS, ...(s.headers ?? {}) }, events };
}

function jsonPlan(s: TextStep | ToolCallsStep, req: ChatRequest): Planned {
  const content = s.kind === 'text' ? s.content : (s.text ?? null);
  const toolCalls =
    s.kind === 'tool_calls'
      ? s.calls.map((c, i) => ({
          id: c.id ?? `call_${newId('')}_${i}`,
          type: 'function',
          function: {
            name: c.name,
            arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
          },
        }))
      : undefined;
  const message: Record<string, unknown> = { role: 'assistant', content, refusal: null };
  if (s.reasoning) message[s.reasoningKey ?? 'reasoning_content'] = s.reasoning;
  if (toolCalls) message.tool_calls = toolCalls;
  const completion = (s.reasoning ?? '') + (content ?? '') + (toolCalls ? JSON.stringify(toolCalls) : '');
  const body = {
    id: newId('chatcmpl-mock'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: s.model ?? req.body.model ?? 'mock-model',
    system_fingerprint: 'fp_toolscope_mock',
    choices: [
      {
        index: 0,
        message,
        logprobs: logprobsOf(s, req),
        finish_reason: s.finish ?? (s.kind === 'text' ? 'stop' : 'tool_calls'),
      },
    ],
    ...(s.omitUsage ? {} : { usage: makeUsage(req.body, completion, s.usage) }),
  };
  return {
    status: 200,
    headers: { 'content-type': 'application/json', ...(s.headers ?? {}) },
    events: [JSON.stringify(body)],
  };
}

/** The reply's logprobs as OpenAI shapes them: the first token with its top alternatives, when asked for and scripted. */
function logprobsOf(s: TextStep | ToolCallsStep, req: ChatRequest): Record<string, unknown> | null {
  const top = s.kind === 'text' ? s.topLogprobs : undefined;
  const first = top?.[0];
  if (!first || (req.body as { logprobs?: unknown }).logprobs !== true) return null;
  const entry = (t: { token: string; logprob: number }) => ({
    token: t.token,
    logprob: t.logprob,
    bytes: [...Buffer.from(t.token, 'utf8')],
  });
  return { content: [{ ...entry(first), top_logprobs: top.map(entry) }], refusal: null };
}

/** A point in the stream (after `after` events) where the writing waits; `wait` resolves false when the client left. */
type Stop = { after: number; wait: () => Promise<boolean> };

async function writePlan(
  plan: Planned,
  timing: StepTiming,
  ctx: PlayContext,
  cut?: { after: number; then: 'destroy' | 'hang' },
  stops: Stop[] = [],
): Promise<void> {
  const { res, signal } = ctx;
  if (!(await sleep(timing.firstByteDelayMs, signal))) return;
  res.writeHead(plan.status, { ...ctx.baseHeaders, ...plan.headers });
  res.flushHeaders();
  const limit = cut ? Math.min(cut.after, plan.events.length) : plan.events.length;
  const waitAt = async (i: number): Promise<boolean> => {
    for (const stop of stops) if (stop.after === i && !(await stop.wait())) return false;
    return true;
  };
  for (let i = 0; i < limit; i++) {
    const stopsHere = stops.some((stop) => stop.after === i);
    if (stopsHere && !(await waitAt(i))) return;
    // After a stop the next event goes out at once: the stop was the wait.
    if (i > 0 && !stopsHere && !(await sleep(timing.chunkDelayMs, signal))) return;
    if (signal.aborted) return;
    res.write(plan.events[i]);
  }
  for (const stop of stops) if (stop.after >= limit && !(await stop.wait())) return;
  if (!cut) {
    res.end();
  } else if (cut.then === 'destroy') {
    // Give the written events a moment to leave before the reset, so the client sees them first.
    await sleep(20, signal);
    destroy(ctx);
  } else {
    await untilAborted(signal);
  }
}

/** Comment lines only, one every `everyMs` until `forMs` has passed (measured, so slow timers do not stretch it); false when the client left. */
async function writeComments(
  pause: { forMs: number; everyMs: number; line: string },
  ctx: PlayContext,
): Promise<boolean> {
  const end = Date.now() + pause.forMs;
  while (Date.now() < end) {
    if (ctx.signal.aborted) return false;
    ctx.res.write(pause.line);
    if (!(await sleep(Math.min(pause.everyMs, Math.max(0, end - Date.now())), ctx.signal))) return false;
  }
  return !ctx.signal.aborted;
}

/** Waits at `gate` until the test releases it, with a comment line every `everyMs` meanwhile; false when the client left. */
async function holdAt(gate: string, everyMs: number, ctx: PlayContext): Promise<boolean> {
  const stopComments = new AbortController();
  const onClientGone = () => stopComments.abort();
  ctx.signal.addEventListener('abort', onClientGone, { once: true });
  const comments = (async () => {
    while (await sleep(everyMs, stopComments.signal)) ctx.res.write(': held\n\n');
  })();
  const passed = await ctx.gates.pass(gate, ctx.signal);
  stopComments.abort();
  ctx.signal.removeEventListener('abort', onClientGone);
  await comments;
  return passed && !ctx.signal.aborted;
}

function destroy(ctx: PlayContext): void {
  ctx.onServerDestroy();
  ctx.res.socket?.destroy();
  ctx.res.destroy();
}

export function readFixture(name: string): string {
  const file = name.endsWith('.sse') ? name : `${name}.sse`;
  if (file.includes('/') || file.includes('\\')) throw new Error(`fixture name must be a bare file name: ${name}`);
  return readFileSync(FIXTURE_DIR + file, 'utf8');
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
export function sleep(ms: number | undefined, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (!ms || ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function untilAborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}
