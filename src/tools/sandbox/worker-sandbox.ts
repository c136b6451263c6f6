import type { ToolLog } from '../../agent/tool-executor';
import type { FromWorker, ToWorker } from './worker-protocol';
import type { Sandbox, SandboxRequest, SandboxResult } from './sandbox-types';

/** Time allowed on top of the tool's timeout (worker start, first load of the engine) before the hard kill. */
const HARD_KILL_GRACE_MS = 2_000;
const MAX_IDLE_WORKERS = 2;

/**
 * Runs code tools in dedicated workers, one run per worker at a time. The engine's interrupt handler stops
 * runaway code at the timeout; `worker.terminate()` is the hard kill when the engine itself does not come back
 * (or the run is cancelled). A worker whose run ended badly is never reused.
 */
export function createWorkerSandbox(): Sandbox {
  const idle: Worker[] = [];
  let nextId = 1;

  const spawn = () =>
    new Worker(new URL('./sandbox-worker.ts', import.meta.url), { type: 'module', name: 'toolscope-sandbox' });

  return {
    run(req: SandboxRequest, signal: AbortSignal, onLog?: (log: ToolLog) => void): Promise<SandboxResult> {
      if (signal.aborted)
        return Promise.resolve({ ok: false, kind: 'cancelled', message: 'Cancelled before it started.', logs: [] });
      const worker = idle.pop() ?? spawn();
      const id = nextId++;
      return new Promise<SandboxResult>((resolve) => {
        let done = false;
        const finish = (result: SandboxResult, reusable: boolean) => {
          if (done) return;
          done = true;
          clearTimeout(killTimer);
          signal.removeEventListener('abort', onAbort);
          worker.removeEventListener('message', onMessage);
          worker.removeEventListener('error', onError);
          if (reusable && idle.length < MAX_IDLE_WORKERS) idle.push(worker);
          else worker.terminate();
          resolve(result);
        };
        const onMessage = (event: MessageEvent<FromWorker>) => {
          if (event.data.id !== id) return;
          if (event.data.type === 'log') {
            for (const log of event.data.logs) onLog?.(log);
            return;
          }
          const result = event.data.result;
          finish(result, result.ok || result.kind === 'thrown' || result.kind === 'bad_return');
        };
        const onError = (event: ErrorEvent) => {
          event.preventDefault();
          finish(
            {
              ok: false,
              kind: 'crashed',
              message: `The sandbox worker failed: ${event.message || 'could not start'}`,
              logs: [],
            },
            false,
          );
        };
        const onAbort = () =>
          finish({ ok: false, kind: 'cancelled', message: 'Cancelled (the sandbox was stopped).', logs: [] }, false);
        const killTimer = setTimeout(
          () =>
            finish(
              {
                ok: false,
                kind: 'timeout',
                message: `Timed out after ${req.timeoutMs} ms (the sandbox was killed).`,
                logs: [],
              },
              false,
            ),
          req.timeoutMs + HARD_KILL_GRACE_MS,
        );
        worker.addEventListener('message', onMessage);
        worker.addEventListener('error', onError);
        signal.addEventListener('abort', onAbort, { once: true });
        const msg: ToWorker = { type: 'run', id, req };
        worker.postMessage(msg);
      });
    },
  };
}
