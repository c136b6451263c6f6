import type { AccumulatedTurn, Accumulator, AccumulatorDelta } from '../../agent/accumulator';
import type { Conversation, ModelRequest, NativeModelClient, StreamOptions } from '../../agent/model-client';
import { isRecord } from '../../domain/is-record';
import type { LeftOutNote } from '../../domain/left-out-note';
import type { ErrorContext } from '../classify-error';
import { LazySseStream } from '../lazy-sse-stream';
import { makeRedactor } from '../redact';
import type { WireCapture } from '../wire-capture';
import { conversationOf } from './chat-conversation';

/**
 * What a wire format that builds its own body from the conversation brings (Anthropic Messages, Gemini); the rest of a
 * client is the same for every such format (docs/wire-formats.md, "One decoder per format").
 */
type NativeFormat<Body, Event, Turn extends AccumulatedTurn> = {
  readonly wire: NativeModelClient['wire'];
  /** The body, and what of the history it left out and why. */
  build(conversation: Conversation, request: ModelRequest): { body: Body; leftOut: LeftOutNote[] };
  /** The hash of what a reply to `body` answers, kept with the reply's parts (`wireParts.prefixHash`). */
  prefixHash(body: Body): string;
  /** `headers` go with the request as they are: the capture's route (docs/wire-capture.md). */
  send(body: Body, model: string, signal: AbortSignal, headers: Record<string, string>): Promise<Response>;
  /** The event that makes a stream whole; a stream cut before it is a retryable network error. */
  isFinal(event: unknown): boolean;
  /** A fresh reducer over the format's events. */
  accumulator(): { push(event: Event): AccumulatorDelta[]; result(): Turn };
  /** The reply's own content in the reducer's turn: what goes back unchanged. */
  partsOf(turn: Turn): Record<string, unknown>[];
};

/**
 * A `ModelClient` over one such format: each request's body is built from the conversation as the domain holds it, the
 * loop is told what it left out (`StreamOptions.onSent`), and the reply is read by the lean SSE reader and folded by
 * the format's reducer, whose turn carries the reply's parts as `wireParts` signed by the request's model.
 */
export function nativeClient<Body, Event, Turn extends AccumulatedTurn>(
  format: NativeFormat<Body, Event, Turn>,
  /** `capture` is the capturing fetch the format's `send` goes through. */
  connection: { apiKey: string; baseURL: string; capture: WireCapture },
): NativeModelClient {
  const redact = makeRedactor(connection.apiKey);
  return {
    wire: format.wire,
    // Each network read's events come at once (`readSSEBatches`): one promise per read, not per event
    // (docs/speed-and-tests.md, "Stream path per wire format"); the reducer below folds a batch.
    stream(request: ModelRequest, streamOptions: StreamOptions): AsyncIterable<Event[]> {
      const ctx: ErrorContext = {
        baseURL: connection.baseURL,
        operation: 'chat',
        model: request.model,
        redact,
        signal: streamOptions.signal,
      };
      const built = format.build(conversationOf(request, streamOptions.conversation), request);
      // A body edited at a pause goes as it is; the reply keeps the hash of what was sent, so a later turn leaves out a
      // signed block the edit made stale (docs/wire-formats.md, "What is kept verbatim").
      const body = streamOptions.body === undefined ? built.body : (streamOptions.body as Body);
      streamOptions.onSent?.({ leftOut: built.leftOut, prefixHash: hashOf(format, body) });
      return {
        [Symbol.asyncIterator]: () =>
          new LazySseStream<Event[]>(
            (signal) =>
              connection.capture.routed(streamOptions.capture, (headers) =>
                format.send(body, request.model, signal, headers),
              ),
            format.isFinal,
            streamOptions,
            ctx,
            true,
          ),
      };
    },
    bodyFor: (request, { conversation }) => {
      const { body, leftOut } = format.build(conversationOf(request, conversation), request);
      return Promise.resolve({ body, leftOut, prefixHash: format.prefixHash(body) });
    },
    reducer: (model) => Promise.resolve(nativeReducer(format, model)),
  };
}

/** An edited body the format's hash cannot read still gets a hash, one no body built later can match. */
function hashOf<Body>(format: Pick<NativeFormat<Body, unknown, AccumulatedTurn>, 'prefixHash'>, body: Body): string {
  try {
    return format.prefixHash(body);
  } catch {
    return 'unreadable-edit';
  }
}

function nativeReducer<Body, Event, Turn extends AccumulatedTurn>(
  format: NativeFormat<Body, Event, Turn>,
  model: string,
): Accumulator<unknown> {
  const acc = format.accumulator();
  // The reader yields parsed JSON; each reducer reads its events defensively, so only non-objects are skipped here.
  const one = (event: unknown): AccumulatorDelta[] => (isRecord(event) ? acc.push(event as Event) : []);
  return {
    // A batch of one read's events, or one event. A reducer that throws mid-batch (a provider error) leaves what came
    // before it in its turn, which the loop keeps as the partial reply.
    push: (item) => {
      if (!Array.isArray(item)) return one(item);
      const deltas: AccumulatorDelta[] = [];
      for (const event of item) for (const d of one(event)) deltas.push(d);
      return deltas;
    },
    result: () => {
      const turn = acc.result();
      const parts = format.partsOf(turn);
      return parts.length > 0 ? { ...turn, wireParts: { format: format.wire, model, parts } } : turn;
    },
  };
}
