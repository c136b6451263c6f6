import type { SchemaValidator } from './schema-validator';
import type { ValidationReply, ValidationRequest } from './validation-protocol';

/** What the client needs of a Worker; a MessagePort fits too, which is how Node tests drive the protocol. */
export type ValidationPort = {
  postMessage(message: ValidationRequest): void;
  onmessage: ((event: MessageEvent<ValidationReply>) => void) | null;
  onerror?: ((event: ErrorEvent) => void) | null;
  terminate?(): void;
};

/**
 * How long one check may run. Checks take milliseconds; one that runs for seconds is a `pattern` backtracking
 * without end (`^(a+)+$` against forty "a" and a "!"), and while it runs the worker answers nothing else.
 */
const VALIDATION_DEADLINE_MS = 3_000;

type WorkerValidatorOptions = { deadlineMs?: number };

type Waiting = {
  request: ValidationRequest & { id: number };
  resolve: (reply: ValidationReply) => void;
  reject: (err: Error) => void;
};

/**
 * The page's side of the validation worker. Requests are matched to replies by id, so concurrent validations (parallel
 * tool calls, live editing) do not wait on each other's order. If the worker dies, every waiting request fails with
 * the reason and the next request starts a new worker.
 *
 * Deadline: the worker answers in order, so only the oldest waiting request is being worked on; it alone has a
 * running clock, started once the worker said it is ready. When the clock runs out, that request fails with a
 * clear error, the stuck worker is terminated, and the requests queued behind it go to a fresh worker (each request
 * carries its schema, so the new worker answers them the same way).
 */
export function createWorkerValidator(
  spawn: () => ValidationPort,
  options: WorkerValidatorOptions = {},
): SchemaValidator {
  const deadlineMs = options.deadlineMs ?? VALIDATION_DEADLINE_MS;
  let port: ValidationPort | null = null;
  let ready = false;
  let nextId = 1;
  const pending = new Map<number, Waiting>();
  let clock: { id: number; timer: ReturnType<typeof setTimeout> } | null = null;

  const stopClock = () => {
    if (clock) clearTimeout(clock.timer);
    clock = null;
  };

  /** Keeps the clock on the oldest waiting request. */
  const watchOldest = () => {
    const oldest = pending.keys().next();
    if (!ready || oldest.done) return stopClock();
    if (clock?.id === oldest.value) return;
    stopClock();
    const id = oldest.value;
    clock = { id, timer: setTimeout(() => expire(id), deadlineMs) };
  };

  const dropWorker = () => {
    stopClock();
    port?.terminate?.();
    port = null;
    ready = false;
  };

  const failAll = (err: Error) => {
    const waiting = [...pending.values()];
    pending.clear();
    dropWorker();
    for (const w of waiting) w.reject(err);
  };

  const expire = (id: number) => {
    const stuck = pending.get(id);
    if (!stuck) return;
    pending.delete(id);
    const queued = [...pending.values()];
    pending.clear();
    dropWorker();
    stuck.reject(
      new Error(
        `The argument check took too long (over ${deadlineMs >= 1000 ? `${deadlineMs / 1000} s` : `${deadlineMs} ms`}) ` +
          `and was stopped. A "pattern" in the tool's ` +
          'parameters probably backtracks without end on this input; simplify it.',
      ),
    );
    for (const w of queued) send(w);
  };

  const connect = (): ValidationPort => {
    if (port) return port;
    const p = spawn();
    p.onmessage = (event) => {
      if (p !== port) return;
      const reply = event.data;
      if (reply.type === 'ready') {
        ready = true;
        return watchOldest();
      }
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      watchOldest();
      waiter.resolve(reply);
    };
    p.onerror = (event) => {
      event.preventDefault();
      if (p !== port) return;
      failAll(new Error(`The validation worker failed${event.message ? `: ${event.message}` : ''}.`));
    };
    port = p;
    return p;
  };

  const send = (w: Waiting) => {
    pending.set(w.request.id, w);
    try {
      connect().postMessage(w.request);
    } catch (err) {
      // e.g. arguments that cannot be cloned; nothing was sent, so nothing will answer.
      pending.delete(w.request.id);
      w.reject(err instanceof Error ? err : new Error(String(err)));
    }
    watchOldest();
  };

  const ask = (build: (id: number) => ValidationRequest & { id: number }): Promise<ValidationReply> =>
    new Promise<ValidationReply>((resolve, reject) => send({ request: build(nextId++), resolve, reject }));

  const unexpected = (reply: ValidationReply): Error =>
    new Error(
      reply.type === 'failed'
        ? `Validation failed: ${reply.message}`
        : `The validation worker answered "${reply.type}" out of turn.`,
    );

  return {
    async validateArgs(tool, args) {
      // Only what validation needs crosses over; a definition also holds code and request templates.
      const ref = { id: tool.id, parameters: tool.parameters };
      const reply = await ask((id) => ({ type: 'validate', id, tool: ref, args }));
      if (reply.type === 'issues') return reply.issues;
      throw unexpected(reply);
    },
    async schemaProblems(schema) {
      const reply = await ask((id) => ({ type: 'schema', id, schema }));
      if (reply.type === 'problems') return reply.problems;
      throw unexpected(reply);
    },
    forgetTool(toolId) {
      // A worker not yet started (or restarted) has nothing cached.
      port?.postMessage({ type: 'forget', toolId });
    },
    prepare(tools) {
      if (tools.length === 0) return;
      try {
        connect().postMessage({ type: 'prepare', tools: tools.map((t) => ({ id: t.id, parameters: t.parameters })) });
      } catch {
        // Nothing compiled ahead; each call compiles on first use instead.
      }
    },
  };
}
