import { Stream } from 'openai/streaming';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { accumulate, type AccumulatedTurn } from '../src/agent/accumulator';
import { readSSE } from '../src/llm/sse-reader';
import { accumulateResponses, type ResponsesEvent } from '../src/agent/responses-accumulator';
import type { WireSink } from '../src/domain/wire-exchange';
import { wireCapture } from '../src/llm/wire-capture';

/** Network-sized pieces of a body, replayed as a fresh ReadableStream for every measured run. */
export function bodyFrom(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[i++];
      if (piece === undefined) controller.close();
      else controller.enqueue(piece);
    },
  });
}

export function piecesOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

/**
 * The floor: what any reader must do at the least. Read the body, decode, split on the blank line,
 * JSON.parse every data payload. No event names, comments, CRLF, errors or assembly.
 */
export async function floor(body: ReadableStream<Uint8Array>): Promise<number> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let parsed = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) {
      const data = event.slice(6);
      if (data !== '[DONE]' && JSON.parse(data) !== null) parsed++;
    }
  }
  return parsed;
}

/** Toolscope's path: lean SSE reader into the accumulator, exactly as the loop consumes a ModelClient stream. */
export function ours(body: ReadableStream<Uint8Array>): Promise<AccumulatedTurn> {
  return accumulate(readSSE<ChatCompletionChunk>(body));
}

/** The reader alone, drained without assembly: shows how the path's cost splits between reader and accumulator. */
export async function reader(body: ReadableStream<Uint8Array>): Promise<number> {
  let n = 0;
  for await (const _chunk of readSSE(body)) n++;
  return n;
}

/** Reference: the openai SDK's own SSE iteration over the same bytes, into the same accumulator. */
export function sdk(body: ReadableStream<Uint8Array>): Promise<AccumulatedTurn> {
  const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  return accumulate(Stream.fromSSEResponse<ChatCompletionChunk>(response, new AbortController()));
}

/** Every parsed chunk of a body, through the same reader the stream path uses. */
export async function chunksOf(body: ReadableStream<Uint8Array>): Promise<ChatCompletionChunk[]> {
  const out: ChatCompletionChunk[] = [];
  for await (const chunk of readSSE<ChatCompletionChunk>(body)) out.push(chunk);
  return out;
}

/** The accumulator alone, over chunks parsed beforehand: its share of the stream path. */
export function accumulatorOnly(chunks: readonly ChatCompletionChunk[]): Promise<AccumulatedTurn> {
  return accumulate(chunks);
}

/**
 * The floor for a Responses body: the same bare work, except each event starts with its `event:` line,
 * so the data payload is found after it rather than at the start.
 */
export async function floorNamed(body: ReadableStream<Uint8Array>): Promise<number> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let parsed = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop() ?? '';
    for (const event of events) {
      if (JSON.parse(event.slice(event.indexOf('data: ') + 6)) !== null) parsed++;
    }
  }
  return parsed;
}

/** Toolscope's Responses path: the same lean reader into the Responses reducer. */
export function oursResponses(body: ReadableStream<Uint8Array>): Promise<AccumulatedTurn> {
  return accumulateResponses(readSSE<ResponsesEvent>(body));
}

export function sdkResponses(body: ReadableStream<Uint8Array>): Promise<AccumulatedTurn> {
  const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  return accumulateResponses(Stream.fromSSEResponse<ResponsesEvent>(response, new AbortController()));
}

export function responsesReducerOnly(events: readonly ResponsesEvent[]): Promise<AccumulatedTurn> {
  return accumulateResponses(events);
}

/** The body the bench's fetch answers with next: each measured run sets a fresh one. */
let nextBody: ReadableStream<Uint8Array> | null = null;

/** One capturing fetch, built once as a client builds it (llm/wire-capture.ts), over a fetch that answers `nextBody`. */
const capture = wireCapture({
  keyVariable: 'OPENAI_API_KEY',
  inner: () => {
    const body = nextBody;
    nextBody = null;
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
  },
});

/**
 * The body as the client's fetch hands it on (docs/wire-capture.md, "Cost"): with a sink, through the capture (each
 * read recorded by reference, decoded in a later task, then handed to `sink`); without one, the same fetch untouched.
 * The pair measures capture on against off over the same fetch and Response.
 */
export async function fetchedBody(
  body: ReadableStream<Uint8Array>,
  sink?: WireSink,
): Promise<ReadableStream<Uint8Array>> {
  nextBody = body;
  const res = await capture.routed(sink, (headers) =>
    capture.fetch('http://bench.invalid/v1/chat/completions', { method: 'POST', headers, body: '{}' }),
  );
  if (!res.body) throw new Error('the fetched response lost its body');
  return res.body;
}
