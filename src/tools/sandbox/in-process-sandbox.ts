import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { runInQuickJS, type HostCapabilities } from './quickjs-runner';
import type { Sandbox } from './sandbox-types';

let modulePromise: Promise<QuickJSWASMModule> | null = null;

/** Loads the QuickJS WebAssembly module once; dynamic import keeps it out of any bundle that never runs code. */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  modulePromise ??= import('quickjs-emscripten').then((m) => m.newQuickJSWASMModule(m.RELEASE_SYNC));
  return modulePromise;
}

/**
 * Runs QuickJS in the current thread. Used inside the sandbox worker and by Node tests. The engine's own limits
 * (interrupt, memory, stack) still apply, but nothing can kill a stuck host from here: the page uses the worker.
 */
export function createInProcessSandbox(host: HostCapabilities = {}): Sandbox {
  return {
    async run(req, signal) {
      const qjs = await loadQuickJS();
      const result = await runInQuickJS(qjs, req, signal, host);
      // A crash can leave the WebAssembly instance in a bad state; start from a fresh module next time.
      if (!result.ok && result.kind === 'crashed') modulePromise = null;
      return result;
    },
  };
}
