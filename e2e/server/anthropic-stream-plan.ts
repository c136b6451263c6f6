import type { Planned, WireRenderer } from './play-step';
import type { Signer } from './thought-signatures';
import type { ChatRequest, StreamErrorStep, TextStep, ToolCallsStep } from './types';
import { newId, splitInto, splitWords } from './wire-format';

const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' };

/** Anthropic's error type for each status (its "Errors" page). */
function anthropicErrorType(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request_error';
    case 401:
      return 'authentication_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 529:
      return 'overloaded_error';
    default:
      return status >= 500 ? 'api_error' : 'invalid_request_error';
  }
}

/** Anthropic's error envelope. */
export function anthropicError(type: string, message: string): Record<string, unknown> {
  return { type: 'error', error: { type, message }, request_id: newId('req_mock') };
}

const tokens = (text: string): number => Math.ceil(text.length / 4);

type Block = { type: string; [key: string]: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A block as the cache keys it (its content without its own `cache_control` marker), and whether it is marked. */
function cacheKeyed(block: unknown, role = ''): { text: string; marked: boolean } {
  if (!isObject(block)) return { text: role + JSON.stringify(block), marked: false };
  const { cache_control: marker, ...rest } = block;
  return { text: role + JSON.stringify(rest), marked: marker !== undefined };
}

/** Cache figures as Anthropic reports them: fresh input, input written to the cache, input read from it. */
type CacheFigures = { input: number; written: number; read: number };

/**
 * Anthropic's prompt caching, played over a request body: the prompt is tools, system, then each message's blocks; a
 * block with `cache_control` is a breakpoint. The longest prefix cached by an earlier request (`cached`) is read, the
 * rest up to the last breakpoint is written (and remembered at every breakpoint), what follows is fresh input. A
 * request without breakpoints reads and writes nothing (null).
 */
export function cacheFigures(body: Record<string, unknown>, cached: Set<string>): CacheFigures | null {
  const system = typeof body.system === 'string' ? [{ type: 'text', text: body.system }] : body.system;
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? (v as unknown[]) : []);
  const blocks = [...list(body.tools), ...list(system)].map((b) => cacheKeyed(b));
  for (const m of list(body.messages))
    for (const b of isObject(m) ? list(m.content) : []) blocks.push(cacheKeyed(b, `${String(isObject(m) && m.role)}:`));
  const prefixes: string[] = [];
  let last = -1;
  blocks.forEach((b, i) => {
    prefixes.push(`${prefixes[i - 1] ?? ''}${b.text}\n`);
    if (b.marked) last = i;
  });
  if (last < 0) return null;
  const all = tokens(prefixes.at(-1) ?? '');
  const upTo = tokens(prefixes[last] ?? '');
  let read = 0;
  for (let i = last; i >= 0; i--)
    if (cached.has(prefixes[i] ?? '')) {
      read = tokens(prefixes[i] ?? '');
      break;
    }
  blocks.forEach((b, i) => {
    if (b.marked) cached.add(prefixes[i] ?? '');
  });
  return { input: all - upTo, written: upTo - read, read };
}

/**
 * The Messages format's rendering of the scripted steps: thinking (signed by the server) first, then text, then
 * tool_use blocks one after another, each with its deltas between content_block_start and content_block_stop.
 * `minted` learns each tool_use id and whether a signed thinking block came before it, for the tool-loop check.
 */
export function anthropicRenderer(signer: Signer, minted: Map<string, boolean>): WireRenderer {
  /** The prompt prefixes this server holds in its cache (see cacheFigures). */
  const cached = new Set<string>();
  return {
    errorJson: (status, message) => anthropicError(anthropicErrorType(status), message ?? `Mock error ${status}.`),
    plan(s, req) {
      return s.kind === 'stream_error' ? errorPlan(s, req) : answerPlan(s, req, signer, minted, cached);
    },
  };
}

function modelOf(s: { model?: string }, req: ChatRequest): string {
  return s.model ?? (typeof req.body.model === 'string' ? req.body.model : 'mock-claude');
}

function inputTokens(req: ChatRequest, override: number | undefined): number {
  if (override !== undefined) return override;
  const b = req.body as Record<string, unknown>;
  return tokens(JSON.stringify([b.system ?? '', b.messages ?? [], b.tools ?? []]));
}

function blocksOf(s: TextStep | ToolCallsStep, signer: Signer, minted: Map<string, boolean>): Block[] {
  const blocks: Block[] = [];
  if (s.reasoning) blocks.push({ type: 'thinking', thinking: s.reasoning, signature: signer.mint(s.reasoning) });
  const text = s.kind === 'text' ? s.content : (s.text ?? '');
  if (text !== '') blocks.push({ type: 'text', text });
  if (s.kind === 'tool_calls')
    s.calls.forEach((c, i) => {
      const id = c.id ?? `toolu_${newId('mock')}_${i}`;
      minted.set(id, Boolean(s.reasoning));
      blocks.push({
        type: 'tool_use',
        id,
        name: c.name,
        input: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
      });
    });
  return blocks;
}

function stopReason(s: TextStep | ToolCallsStep): string {
  if (s.kind === 'tool_calls') return 'tool_use';
  return s.finish === 'length' ? 'max_tokens' : 'end_turn';
}

function answerPlan(
  s: TextStep | ToolCallsStep,
  req: ChatRequest,
  signer: Signer,
  minted: Map<string, boolean>,
  cached: Set<string>,
): Planned {
  const blocks = blocksOf(s, signer, minted);
  const cache = cacheFigures(req.body as Record<string, unknown>, cached);
  const usage = {
    input_tokens: s.usage?.prompt_tokens ?? cache?.input ?? inputTokens(req, undefined),
    cache_creation_input_tokens: cache?.written ?? 0,
    cache_read_input_tokens: cache?.read ?? 0,
    output_tokens: s.usage?.completion_tokens ?? tokens(JSON.stringify(blocks)),
  };
  const message = {
    id: newId('msg_mock'),
    type: 'message',
    role: 'assistant',
    model: modelOf(s, req),
    content: [] as Block[],
    stop_reason: null as string | null,
    stop_sequence: null,
    ...(s.omitUsage ? {} : { usage: { ...usage, output_tokens: 1 } }),
  };
  if (!req.stream) {
    // tool_use input is an object in a whole message; a string argument on purpose stays a string.
    const content = blocks.map((b) => (b.type === 'tool_use' ? { ...b, input: parsedOr(b.input) } : b));
    const body = { ...message, content, stop_reason: stopReason(s), ...(s.omitUsage ? {} : { usage }) };
    return {
      status: 200,
      headers: { 'content-type': 'application/json', ...(s.headers ?? {}) },
      events: [JSON.stringify(body)],
    };
  }
  const events: string[] = [];
  const emit = (type: string, payload: Record<string, unknown> = {}) =>
    events.push(`event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`);
  emit('message_start', { message });
  emit('ping');
  blocks.forEach((b, index) => {
    const delta = (d: Record<string, unknown>) => emit('content_block_delta', { index, delta: d });
    if (b.type === 'thinking') {
      emit('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
      for (const w of splitWords(String(b.thinking))) delta({ type: 'thinking_delta', thinking: w });
      delta({ type: 'signature_delta', signature: b.signature });
    } else if (b.type === 'text') {
      emit('content_block_start', { index, content_block: { type: 'text', text: '' } });
      const text = String(b.text);
      const pieces = s.kind === 'text' && s.chunks !== undefined ? splitInto(text, s.chunks) : splitWords(text);
      for (const piece of pieces) delta({ type: 'text_delta', text: piece });
    } else {
      emit('content_block_start', { index, content_block: { type: 'tool_use', id: b.id, name: b.name, input: {} } });
      const fragments = splitInto(String(b.input), s.kind === 'tool_calls' ? (s.fragments ?? 3) : 3);
      for (const f of fragments) delta({ type: 'input_json_delta', partial_json: f });
    }
    emit('content_block_stop', { index });
  });
  emit('message_delta', {
    delta: { stop_reason: stopReason(s), stop_sequence: null },
    ...(s.omitUsage ? {} : { usage: { output_tokens: usage.output_tokens } }),
  });
  emit('message_stop');
  return { status: 200, headers: { ...SSE_HEADERS, ...(s.headers ?? {}) }, events };
}

function parsedOr(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
}

/** An `event: error` after the text before it, as Anthropic ends a stream that failed (overloaded by default). */
function errorPlan(s: StreamErrorStep, req: ChatRequest): Planned {
  const type = s.type ?? 'overloaded_error';
  if (!req.stream)
    return {
      status: s.statusCode ?? 529,
      headers: { 'content-type': 'application/json' },
      events: [JSON.stringify(anthropicError(type, s.message))],
    };
  const events: string[] = [];
  const emit = (t: string, payload: Record<string, unknown> = {}) =>
    events.push(`event: ${t}\ndata: ${JSON.stringify({ type: t, ...payload })}\n\n`);
  emit('message_start', {
    message: {
      id: newId('msg_mock'),
      type: 'message',
      role: 'assistant',
      model: modelOf(s, req),
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: inputTokens(req, undefined), output_tokens: 1 },
    },
  });
  if (s.textBefore) {
    emit('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    for (const w of splitWords(s.textBefore))
      emit('content_block_delta', { index: 0, delta: { type: 'text_delta', text: w } });
  }
  const { request_id: _id, ...payload } = anthropicError(type, s.message);
  emit('error', payload);
  return { status: 200, headers: { ...SSE_HEADERS, ...(s.headers ?? {}) }, events };
}
