import type { QuickJSWASMModule } from 'quickjs-emscripten';
import { runInQuickJS, type HostCapabilities } from './quickjs-runner';
import { DEFAULT_MEMORY_LIMIT_BYTES, type Sandbox } from './sandbox-types';

/** What the engine's build starts with (Emscripten's default initial heap): static data, its stack, the first objects. */
const BASE_MEMORY_BYTES = 16 * 1024 * 1024;
const PAGE_BYTES = 64 * 1024;

/**
 * A QuickJS instance whose whole WebAssembly memory may grow only `limitBytes` past its start.
 *
 * Why not just the runtime's own limit (`setMemoryLimit`): this build cannot tell how big a freed block was, so the
 * runtime counts a few bytes per allocation whatever its size. A loop keeping 1 MB strings went on to the 2 GB the
 * WebAssembly memory can reach and failed after ~20 s. A memory with a maximum is a hard bound: when it cannot grow,
 * the engine's allocation fails at once and the code gets QuickJS's "out of memory" error. One instance per run also
 * means no run inherits another's heap. Instantiating costs about as much as a small run (the browser caches the
 * compiled module).
 */
async function loadBoundedQuickJS(
  limitBytes: number,
): Promise<{ qjs: QuickJSWASMModule; memoryNearlyFull: () => boolean }> {
  const { newQuickJSWASMModule, newVariant, RELEASE_SYNC } = await import('quickjs-emscripten');
  const initial = BASE_MEMORY_BYTES / PAGE_BYTES;
  const maximum = initial + Math.ceil(limitBytes / PAGE_BYTES);
  const wasmMemory = new WebAssembly.Memory({ initial, maximum });
  const qjs = await newQuickJSWASMModule(newVariant(RELEASE_SYNC, { wasmMemory }));
  // Emscripten grows the heap in steps of a few percent, so a heap that could grow no more stops a little short.
  return { qjs, memoryNearlyFull: () => wasmMemory.buffer.byteLength >= maximum * PAGE_BYTES * 0.9 };
}

/**
 * Runs QuickJS in the current thread. Used inside the sandbox worker and by Node tests. The engine's own limits
 * (interrupt, memory, stack) still apply, but nothing can kill a stuck host from here: the page uses the worker.
 */
export function createInProcessSandbox(host: HostCapabilities = {}): Sandbox {
  return {
    async run(req, signal, onLog) {
      const { qjs, memoryNearlyFull } = await loadBoundedQuickJS(req.memoryLimitBytes ?? DEFAULT_MEMORY_LIMIT_BYTES);
      return runInQuickJS(qjs, req, signal, { ...host, memoryNearlyFull, ...(onLog ? { onLog } : {}) });
    },
  };
}
