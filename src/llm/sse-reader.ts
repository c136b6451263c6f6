import { ModelError } from '../agent/errors';
import { isAbortError, makeAbortError } from './abort';
import { SSEParser } from './sse-parser';

type SSEReadOptions = {
  /** Aborting cancels the body (closing the connection) and makes the iterator reject with an AbortError. */
  signal?: AbortSignal;
  /** Applied to every error message built from provider text (removes the API key). */
  redact?: (text: string) => string;
  /**
   * Called when a read brought bytes but no whole event: an SSE comment keep-alive (OpenRouter's
   * `: OPENROUTER PROCESSING` while a model thinks) or part of a long event. Proof of life for the
   * caller's first-byte and idle timers, which only see chunks otherwise.
   */
  onActivity?: () => void;
  /**
   * Whether a chunk shows the reply is finished (for chat, a finish_reason). When given, a body
   * that ends without `[DONE]` and without any such chunk rejects with a retryable network
   * ModelError: the connection was cut between events, which must not pass for a short reply.
   */
  isFinal?: (chunk: unknown) => boolean;
};

const ENDED_EARLY_MESSAGE = 'The stream ended before the reply was complete (no [DONE] and no finish reason).';

const DONE: IteratorReturnResult<undefined> = { done: true, value: undefined };

/**
 * Reads an SSE response body and yields each parsed JSON data object in order.
 *
 * Errors: a provider error in the stream rejects with `ModelError` (provider_stream_error) after the
 * chunks before it were yielded; a connection lost mid-read rejects with `ModelError` (network,
 * retryable); an abort rejects with a DOMException named AbortError.
 *
 * Written as a plain iterator rather than an async generator: chunks parsed from one network read
 * are handed out from an array with one resolved promise each, which keeps the per-chunk cost close
 * to a bare JSON.parse loop (see bench/).
 */
export function readSSE<T = unknown>(
  body: ReadableStream<Uint8Array>,
  options: SSEReadOptions = {},
): AsyncIterableIterator<T> {
  return new SSEIterator<T, T>(body, options, false);
}

/**
 * The same, yielding the events of each network read together: one promise per read, not per event. Formats whose
 * events are small and many (Anthropic's deltas are ~125 bytes) spend most of their stream path on per-event promises
 * otherwise (docs/speed-and-tests.md, "Stream path per wire format").
 */
export function readSSEBatches<T = unknown>(
  body: ReadableStream<Uint8Array>,
  options: SSEReadOptions = {},
): AsyncIterableIterator<T[]> {
  return new SSEIterator<T, T[]>(body, options, true);
}

class SSEIterator<T, Out extends T | T[]> implements AsyncIterableIterator<Out> {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private readonly queue: unknown[] = [];
  private readonly parser: SSEParser;
  private readonly signal: AbortSignal | undefined;
  private readonly redact: (text: string) => string;
  private readonly onActivity: (() => void) | undefined;
  private readonly isFinal: ((chunk: unknown) => boolean) | undefined;
  private sawFinal = false;
  private pos = 0;
  private bodyDone = false;
  private closed = false;
  private readonly onAbort = (): void => {
    this.cancelBody();
  };

  constructor(
    body: ReadableStream<Uint8Array>,
    options: SSEReadOptions,
    /** Out is T[]: every event parsed from one read is handed out at once. */
    private readonly batch: boolean,
  ) {
    this.reader = body.getReader();
    this.signal = options.signal;
    this.redact = options.redact ?? ((t) => t);
    this.onActivity = options.onActivity;
    this.isFinal = options.isFinal;
    // Without a test there is nothing to wait for.
    this.sawFinal = this.isFinal === undefined;
    this.parser = new SSEParser(this.queue, this.redact);
    if (this.signal) {
      if (this.signal.aborted) this.cancelBody();
      else this.signal.addEventListener('abort', this.onAbort, { once: true });
    }
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Out>> {
    if (this.pos < this.queue.length) return Promise.resolve({ done: false, value: this.take() });
    return this.fill();
  }

  /** The next event, or (batch) every event not yet handed out; the queue holds at least one. */
  private take(): Out {
    if (!this.batch) return this.queue[this.pos++] as Out;
    const all = this.pos === 0 ? this.queue.slice() : this.queue.slice(this.pos);
    this.pos = this.queue.length;
    return all as Out;
  }

  return(): Promise<IteratorResult<Out>> {
    this.close();
    return Promise.resolve(DONE);
  }

  private async fill(): Promise<IteratorResult<Out>> {
    this.queue.length = 0;
    this.pos = 0;
    for (;;) {
      if (this.signal?.aborted) {
        this.close();
        throw makeAbortError();
      }
      if (this.parser.error) {
        this.close();
        throw this.parser.error;
      }
      if (this.parser.done || this.bodyDone || this.closed) {
        const endedEarly = this.bodyDone && !this.parser.done && !this.sawFinal && !this.closed;
        this.close();
        if (endedEarly) throw new ModelError({ fault: 'system', kind: 'network', message: ENDED_EARLY_MESSAGE }, true);
        return DONE;
      }
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await this.reader.read();
      } catch (err) {
        this.close();
        throw this.readFailure(err);
      }
      if (result.done) {
        this.bodyDone = true;
        this.parser.push(this.decoder.decode());
        this.parser.end();
      } else {
        this.parser.push(this.decoder.decode(result.value, { stream: true }));
      }
      if (!this.sawFinal && this.isFinal) {
        for (let i = 0; i < this.queue.length && !this.sawFinal; i++) this.sawFinal = this.isFinal(this.queue[i]);
      }
      if (this.queue.length > 0 && !this.signal?.aborted) {
        return { done: false, value: this.take() };
      }
      if (!result.done) this.onActivity?.();
    }
  }

  private readFailure(err: unknown): Error {
    if (this.signal?.aborted || isAbortError(err)) return makeAbortError();
    const detail = err instanceof Error ? err.message : String(err);
    return new ModelError(
      {
        fault: 'system',
        kind: 'network',
        message: this.redact(`The connection was lost while the reply was streaming (${detail}).`),
      },
      true,
    );
  }

  /** Stops reading; cancels the body (closing the HTTP connection) unless it already ended. */
  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.signal?.removeEventListener('abort', this.onAbort);
    if (!this.bodyDone) this.cancelBody();
  }

  private cancelBody(): void {
    this.reader.cancel().catch(() => undefined);
  }
}
