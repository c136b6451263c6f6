import { ModelError } from '../agent/errors';
import { isAbortError, makeAbortError } from './abort';
import { SSEParser } from './sse-parser';

export type SSEReadOptions = {
  /** Aborting cancels the body (closing the connection) and makes the iterator reject with an AbortError. */
  signal?: AbortSignal;
  /** Applied to every error message built from provider text (removes the API key). */
  redact?: (text: string) => string;
};

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
export function readSSE<T = unknown>(body: ReadableStream<Uint8Array>, options: SSEReadOptions = {}): AsyncIterableIterator<T> {
  return new SSEIterator<T>(body, options);
}

class SSEIterator<T> implements AsyncIterableIterator<T> {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private readonly queue: unknown[] = [];
  private readonly parser: SSEParser;
  private readonly signal: AbortSignal | undefined;
  private readonly redact: (text: string) => string;
  private pos = 0;
  private bodyDone = false;
  private closed = false;
  private readonly onAbort = (): void => {
    this.cancelBody();
  };

  constructor(body: ReadableStream<Uint8Array>, options: SSEReadOptions) {
    this.reader = body.getReader();
    this.signal = options.signal;
    this.redact = options.redact ?? ((t) => t);
    this.parser = new SSEParser(this.queue, this.redact);
    if (this.signal) {
      if (this.signal.aborted) this.cancelBody();
      else this.signal.addEventListener('abort', this.onAbort, { once: true });
    }
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<T>> {
    if (this.pos < this.queue.length) return Promise.resolve({ done: false, value: this.queue[this.pos++] as T });
    return this.fill();
  }

  return(): Promise<IteratorResult<T>> {
    this.close();
    return Promise.resolve(DONE);
  }

  private async fill(): Promise<IteratorResult<T>> {
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
        this.close();
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
      if (this.queue.length > 0 && !this.signal?.aborted) {
        return { done: false, value: this.queue[this.pos++] as T };
      }
    }
  }

  private readFailure(err: unknown): Error {
    if (this.signal?.aborted || isAbortError(err)) return makeAbortError();
    const detail = err instanceof Error ? err.message : String(err);
    return new ModelError(
      { fault: 'system', kind: 'network', message: this.redact(`The connection was lost while the reply was streaming (${detail}).`) },
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
