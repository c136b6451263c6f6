import type { ToolLog } from '../../agent/tool-executor';

/** One run of user code. `code` is the BODY of an async function that receives `args`. */
export type SandboxRequest = {
  code: string;
  args: unknown;
  timeoutMs: number;
  outputLimitBytes: number;
  /** Origins `fetch` may reach; empty means no `fetch` at all. */
  allowedOrigins: string[];
  memoryLimitBytes?: number;
};

export type SandboxErrorKind =
  /** Ran past its timeout (interrupted in the engine, or the worker was killed). */
  | 'timeout'
  /** Hit the memory or stack limit. */
  | 'memory'
  /** The code threw or rejected (also syntax errors). */
  | 'thrown'
  /** Returned something that cannot go to the model (function, undefined, cyclic, ...). */
  | 'bad_return'
  | 'cancelled'
  /** The sandbox itself failed (could not load, worker died). */
  | 'crashed';

export type SandboxResult =
  | { ok: true; output: string; logs: ToolLog[] }
  | { ok: false; kind: SandboxErrorKind; message: string; logs: ToolLog[] };

export interface Sandbox {
  /** `onLog` hears each console line the run keeps, as it is printed (the result still carries them all). */
  run(req: SandboxRequest, signal: AbortSignal, onLog?: (log: ToolLog) => void): Promise<SandboxResult>;
}

export const DEFAULT_MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
export const MAX_STACK_BYTES = 256 * 1024;
