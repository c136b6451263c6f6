import { ModelError } from '../agent/errors';
import type { StreamOptions } from '../agent/model-client';
import { classifyError, hostOf, type ErrorContext } from './classify-error';
import { readSSE, readSSEBatches } from './sse-reader';

/**
 * A model stream of either wire format: sends the request on the first `next()` (the SDK builds, sends and
 * classifies HTTP errors), then hands every later call straight to the lean SSE reader.
 */
export class LazySseStream<T> implements AsyncIterator<T> {
  private body: AsyncIterator<T> | null = null;
  private finished = false;

  constructor(
    private readonly send: (signal: AbortSignal) => Promise<Response>,
    /** The event that makes the stream whole (a finish reason, a terminal Responses event). */
    private readonly isFinal: (event: unknown) => boolean,
    private readonly options: StreamOptions,
    private readonly ctx: ErrorContext,
    /** T is an event list: each network read's events come at once (`readSSEBatches`). */
    private readonly batches = false,
  ) {}

  next(): Promise<IteratorResult<T>> {
    if (this.body) return this.body.next();
    if (this.finished) return Promise.resolve({ done: true, value: undefined });
    return this.start();
  }

  async return(): Promise<IteratorResult<T>> {
    this.finished = true;
    await this.body?.return?.();
    return { done: true, value: undefined };
  }

  private async start(): Promise<IteratorResult<T>> {
    let response: Response;
    try {
      response = await this.send(this.options.signal);
    } catch (err) {
      this.finished = true;
      throw classifyError(err, this.ctx);
    }
    if (!response.body) {
      this.finished = true;
      // The connection worked; the server answered wrongly (a 204, say): its problem, worth another try.
      const status = response.status;
      throw new ModelError(
        {
          fault: 'system',
          kind: 'server',
          status,
          message: `${hostOf(this.ctx.baseURL)} answered with an empty body (HTTP ${status}).`,
        },
        true,
      );
    }
    const read = {
      signal: this.options.signal,
      redact: this.ctx.redact,
      isFinal: this.isFinal,
      ...(this.options.onActivity ? { onActivity: this.options.onActivity } : {}),
    };
    this.body = this.batches
      ? (readSSEBatches(response.body, read) as AsyncIterator<T>)
      : readSSE<T>(response.body, read);
    return this.body.next();
  }
}
