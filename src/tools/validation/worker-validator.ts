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
 * The page's side of the validation worker. Requests are matched to replies by id, so concurrent validations (parallel
 * tool calls, live editing) do not wait on each other's order. If the worker dies, every waiting request fails with
 * the reason and the next request starts a new worker.
 */
export function createWorkerValidator(spawn: () => ValidationPort): SchemaValidator {
  let port: ValidationPort | null = null;
  let nextId = 1;
  const pending = new Map<number, { resolve: (reply: ValidationReply) => void; reject: (err: Error) => void }>();

  const failAll = (err: Error) => {
    const waiting = [...pending.values()];
    pending.clear();
    port?.terminate?.();
    port = null;
    for (const w of waiting) w.reject(err);
  };

  const connect = (): ValidationPort => {
    if (port) return port;
    const p = spawn();
    p.onmessage = (event) => {
      const reply = event.data;
      const waiter = pending.get(reply.id);
      if (!waiter) return;
      pending.delete(reply.id);
      waiter.resolve(reply);
    };
    p.onerror = (event) => {
      event.preventDefault();
      failAll(new Error(`The validation worker failed${event.message ? `: ${event.message}` : ''}.`));
    };
    port = p;
    return p;
  };

  const ask = (build: (id: number) => ValidationRequest): Promise<ValidationReply> => {
    const id = nextId++;
    return new Promise<ValidationReply>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      try {
        connect().postMessage(build(id));
      } catch (err) {
        // e.g. arguments that cannot be cloned; nothing was sent, so nothing will answer.
        pending.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  };

  const unexpected = (reply: ValidationReply): Error =>
    new Error(reply.type === 'failed' ? `Validation failed: ${reply.message}` : `The validation worker answered "${reply.type}" out of turn.`);

  return {
    async validateArgs(tool, args) {
      // Only what validation needs crosses over; a definition also holds code and request templates.
      const ref = { id: tool.id, updatedAt: tool.updatedAt, parameters: tool.parameters };
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
        connect().postMessage({ type: 'prepare', tools: tools.map((t) => ({ id: t.id, updatedAt: t.updatedAt, parameters: t.parameters })) });
      } catch {
        // Nothing compiled ahead; each call compiles on first use instead.
      }
    },
  };
}
