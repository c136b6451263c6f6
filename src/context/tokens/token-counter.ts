import { estimateTokens } from '../../domain/token-heuristic';
import { heuristicCounter, type Encoding, type TokenCount, type TokenCounter } from './token-count';
import { openAIEncodingFor } from './token-estimate';
import type { CountReply, CountRequest } from './token-protocol';

/** How long a request waits for exact counts before it goes on with estimates for what is not counted yet. */
const PREPARE_BUDGET_MS = 1_000;
/** The cache is dropped whole past these bounds; what is still in use is counted again (off the main thread). */
const MAX_ENTRIES = 20_000;
const MAX_CACHED_CHARS = 64_000_000;

/** Has texts counted somewhere else (a worker, or in process where there are no workers). */
export type CountTransport = (encoding: Encoding, texts: string[]) => Promise<TokenCount[]>;

/**
 * A model's exact counter: counts already known are served at once, the rest are estimated until prepare() has had
 * them counted. Each distinct text is counted once per page, however many requests and meter updates carry it.
 */
export function createTokenCounter(encoding: Encoding, transport: CountTransport): TokenCounter {
  const cache = new Map<string, TokenCount>();
  let cachedChars = 0;
  const inFlight = new Map<string, Promise<void>>();

  const remember = (text: string, count: TokenCount) => {
    if (cache.size >= MAX_ENTRIES || cachedChars + text.length > MAX_CACHED_CHARS) {
      cache.clear();
      cachedChars = 0;
    }
    cache.set(text, count);
    cachedChars += text.length;
  };

  return {
    encoding,
    count(text) {
      if (text === '') return { tokens: 0, exact: true };
      return cache.get(text) ?? { tokens: estimateTokens(text), exact: false };
    },
    prepare(texts, budgetMs = PREPARE_BUDGET_MS) {
      const missing = [...new Set(texts)].filter((t) => t !== '' && !cache.has(t) && !inFlight.has(t));
      if (missing.length > 0) {
        const done = transport(encoding, missing)
          .then(
            (counts) => counts.forEach((c, i) => remember(missing[i]!, c)),
            // A worker that cannot count (its chunk failed to load, offline) leaves the estimates in place.
            () => undefined,
          )
          .finally(() => {
            for (const t of missing) inFlight.delete(t);
          });
        for (const t of missing) inFlight.set(t, done);
      }
      const waits = [...new Set(texts.map((t) => inFlight.get(t)).filter((p) => p !== undefined))];
      if (waits.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, budgetMs);
        void Promise.all(waits).then(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

/** What the client needs of a Worker; a MessagePort fits too. */
export type CountPort = {
  postMessage(message: CountRequest): void;
  onmessage: ((event: MessageEvent<CountReply>) => void) | null;
  onerror?: ((event: ErrorEvent) => void) | null;
  terminate?(): void;
};

/** Counts in a worker. If the worker dies, waiting requests fail (their texts stay estimated) and the next one starts a new worker. */
export function workerTransport(spawn: () => CountPort): CountTransport {
  let port: CountPort | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (counts: TokenCount[]) => void; reject: (err: Error) => void }>();
  const failAll = (err: Error) => {
    const waiting = [...pending.values()];
    pending.clear();
    port?.terminate?.();
    port = null;
    for (const w of waiting) w.reject(err);
  };
  const connect = (): CountPort => {
    if (port) return port;
    const p = spawn();
    p.onmessage = (event) => {
      const reply = event.data;
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      if (reply.type === 'counted') waiter.resolve(reply.counts);
      else waiter.reject(new Error(reply.message));
    };
    p.onerror = (event) => {
      event.preventDefault();
      failAll(new Error(`The token counting worker failed${event.message ? `: ${event.message}` : ''}.`));
    };
    port = p;
    return p;
  };
  return (encoding, texts) =>
    new Promise<TokenCount[]>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      try {
        connect().postMessage({ type: 'count', id, encoding, texts });
      } catch (err) {
        pending.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
}

/** Where there are no workers (Node tests): the same counting, in process, loaded on first use (never in a page's bundle). */
export function inProcessTransport(): CountTransport {
  const protocol = import('./token-protocol').then((m) => ({ answer: m.answerCount, load: m.cachedLoader() }));
  let nextId = 1;
  return async (encoding, texts) => {
    const { answer, load } = await protocol;
    const reply = await answer(load, { type: 'count', id: nextId++, encoding, texts });
    if (reply.type === 'failed') throw new Error(reply.message);
    return reply.counts;
  };
}

let transport: CountTransport | null = null;
const counters = new Map<Encoding, TokenCounter>();

/** The page's counter for a model: one worker and one cache per encoding, shared by the runs and the context meter. */
export function tokenCounterFor(model: string): TokenCounter {
  const encoding = openAIEncodingFor(model);
  if (!encoding) return heuristicCounter;
  let counter = counters.get(encoding);
  if (!counter) {
    transport ??= typeof Worker === 'function' ? workerTransport(spawnTokenWorker) : inProcessTransport();
    counter = createTokenCounter(encoding, transport);
    counters.set(encoding, counter);
  }
  return counter;
}

function spawnTokenWorker(): Worker {
  return new Worker(new URL('./token-worker.ts', import.meta.url), { type: 'module', name: 'toolscope-tokens' });
}
