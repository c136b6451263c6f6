/*
 * The sandbox core: runs one piece of user code in a fresh QuickJS runtime and context.
 *
 * Why QuickJS-in-a-worker rather than a sandboxed iframe: a `sandbox` iframe with an opaque origin does cut off
 * storage and cookies, but the code still runs on a real browser JS engine with every Web API the page's policy
 * lets through (network, timers, WebAssembly, ...), so each capability must be denied one by one and a missed one
 * leaks. QuickJS compiled to WebAssembly starts from nothing: no DOM, no storage, no network, no timers; the only
 * things the code can touch are the host functions we hand it (`console`, and `fetch` behind an origin check).
 * The engine also gives us hard limits a browser engine does not: an interrupt handler for the timeout, a memory
 * limit and a stack limit per runtime. It runs inside a dedicated worker so a busy or stuck engine never blocks
 * the page, and `worker.terminate()` is the last-resort kill from the main thread (see worker-sandbox.ts).
 *
 * This file has no Worker or DOM dependency so the same code is unit-tested in Node.
 */
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSWASMModule } from 'quickjs-emscripten';
import type { ToolLog } from '../../agent/tool-executor';
import { boundedText, readBounded } from '../bounded-body';
import { createLogCollector, cutOutput } from '../output-limit';
import { GUEST_PRELUDE, wrapUserCode } from './guest-prelude';
import { userStack } from './user-stack';
import {
  DEFAULT_MEMORY_LIMIT_BYTES,
  MAX_STACK_BYTES,
  type SandboxErrorKind,
  type SandboxRequest,
  type SandboxResult,
} from './sandbox-types';

export type HostCapabilities = {
  /** Used for `fetch` inside the sandbox when the tool declares allowed origins. */
  fetch?: typeof fetch;
  now?: () => number;
  /** True when the engine's memory can grow no further (see loadBoundedQuickJS). */
  memoryNearlyFull?: () => boolean;
  /** Each console line as it is kept (within the output limit), while the code runs. */
  onLog?: (log: ToolLog) => void;
};

/** `nothing` marks a thrown null or undefined: what is left when the engine had no memory to build an error. */
type GuestError = { name: string; message: string; stack: string; nothing?: boolean };

export async function runInQuickJS(
  qjs: QuickJSWASMModule,
  req: SandboxRequest,
  signal: AbortSignal,
  host: HostCapabilities = {},
): Promise<SandboxResult> {
  const now = host.now ?? Date.now;
  const started = now();
  const deadline = started + req.timeoutMs;
  // Everything handed back (result, error text, log) is bounded here, in the worker, before it reaches the page.
  const log = createLogCollector(req.outputLimitBytes);
  const fail = (kind: SandboxErrorKind, message: string): SandboxResult => ({
    ok: false,
    kind,
    message: cutOutput(message, req.outputLimitBytes),
    logs: log.logs(),
  });

  if (signal.aborted) return fail('cancelled', 'Cancelled before it started.');

  const runtime = qjs.newRuntime();
  runtime.setMemoryLimit(req.memoryLimitBytes ?? DEFAULT_MEMORY_LIMIT_BYTES);
  runtime.setMaxStackSize(MAX_STACK_BYTES);
  runtime.setInterruptHandler(() => signal.aborted || now() > deadline);
  const ctx = runtime.newContext();
  const hostAbort = new AbortController();
  const deferreds = new Set<QuickJSDeferredPromise>();
  const pending = new Set<Promise<unknown>>();
  let promiseHandle: QuickJSHandle | null = null;

  const classify = (err: GuestError): SandboxResult => {
    const text = `${err.name}: ${err.message}`;
    if (signal.aborted) return fail('cancelled', 'Cancelled.');
    if (/interrupted/i.test(text) || now() > deadline)
      return fail('timeout', `Timed out after ${req.timeoutMs} ms (the code was stopped).`);
    if (/out of memory/i.test(text) || (err.nothing === true && host.memoryNearlyFull?.() === true))
      return fail(
        'memory',
        `Out of memory: the sandbox is limited to ${Math.round((req.memoryLimitBytes ?? DEFAULT_MEMORY_LIMIT_BYTES) / 1048576)} MB.`,
      );
    if (/stack overflow/i.test(text)) return fail('memory', 'Stack overflow (too much recursion).');
    if (/string too long/i.test(text))
      return fail('memory', 'String too long: the sandbox cannot build a string that large.');
    if (err.name === 'ReturnValueError') return fail('bad_return', err.message);
    const stack = userStack(err.stack, req.code.split('\n').length);
    return fail('thrown', stack ? `${text}\n${stack}` : text);
  };

  try {
    installLog(ctx, (level, text) => {
      const kept = log.add(level, text, now() - started);
      if (kept !== null) host.onLog?.(kept);
    });
    if (req.allowedOrigins.length > 0 && host.fetch) {
      installFetch(ctx, req, host.fetch, hostAbort.signal, deferreds, pending);
    }
    ctx.newString(JSON.stringify(req.args ?? null)).consume((h) => ctx.setProp(ctx.global, '__argsJson', h));

    const prelude = ctx.evalCode(GUEST_PRELUDE, 'prelude.js');
    if (prelude.error) return classify(dumpError(ctx, prelude.error));
    prelude.value.dispose();

    const evaluated = ctx.evalCode(wrapUserCode(req.code), 'tool.js');
    if (evaluated.error) return classify(dumpError(ctx, evaluated.error));
    promiseHandle = evaluated.value;

    for (;;) {
      const jobs = runtime.executePendingJobs(-1);
      if (jobs.error) return classify(dumpError(ctx, jobs.error));
      const state = ctx.getPromiseState(promiseHandle);
      if (state.type === 'fulfilled') {
        const value = state.value;
        const kind = ctx.typeof(value);
        const text = kind === 'string' ? ctx.getString(value) : null;
        value.dispose();
        if (text === null) return fail('bad_return', 'The tool did not produce a result.');
        const output = text.startsWith('s') || text.startsWith('j') ? text.slice(1) : text;
        return { ok: true, output: cutOutput(output, req.outputLimitBytes), logs: log.logs() };
      }
      if (state.type === 'rejected') return classify(dumpError(ctx, state.error));
      if (pending.size === 0) {
        return fail('thrown', 'The tool awaited a promise that can never settle (nothing is pending on the host).');
      }
      const outcome = await waitForHost(pending, deadline - now(), signal);
      if (outcome === 'aborted') return fail('cancelled', 'Cancelled.');
      if (outcome === 'timeout') return fail('timeout', `Timed out after ${req.timeoutMs} ms while waiting for fetch.`);
    }
  } catch (err) {
    // The host's own stack can overflow before QuickJS's limit trips (deep recursion through the wasm frames).
    if (err instanceof RangeError)
      return fail('crashed', 'Stack overflow (too much recursion); the sandbox was reset.');
    return fail('crashed', `The sandbox failed: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    hostAbort.abort();
    for (const d of deferreds) safely(() => d.dispose());
    if (promiseHandle?.alive) safely(() => promiseHandle?.dispose());
    safely(() => ctx.dispose());
    safely(() => runtime.dispose());
  }
}

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // Disposal after an out-of-memory or interrupt can find leaked guest objects; the runtime is dropped anyway.
  }
}

function dumpError(ctx: QuickJSContext, handle: QuickJSHandle): GuestError {
  try {
    const raw: unknown = ctx.dump(handle);
    if (typeof raw === 'object' && raw !== null) {
      const r = raw as Record<string, unknown>;
      return {
        name: String(r.name ?? 'Error'),
        message: String(r.message ?? ''),
        stack: typeof r.stack === 'string' ? r.stack : '',
      };
    }
    return { name: 'Error', message: String(raw), stack: '', nothing: raw === null || raw === undefined };
  } catch {
    return { name: 'Error', message: 'unknown error', stack: '' };
  } finally {
    if (handle.alive) handle.dispose();
  }
}

function installLog(ctx: QuickJSContext, onLog: (level: ToolLog['level'], text: string) => void): void {
  ctx
    .newFunction('__hostLog', (levelH, textH) => {
      const level = ctx.getString(levelH);
      onLog(level === 'info' || level === 'warn' || level === 'error' ? level : 'log', ctx.getString(textH));
    })
    .consume((fn) => ctx.setProp(ctx.global, '__hostLog', fn));
}

function installFetch(
  ctx: QuickJSContext,
  req: SandboxRequest,
  fetchImpl: typeof fetch,
  abort: AbortSignal,
  deferreds: Set<QuickJSDeferredPromise>,
  pending: Set<Promise<unknown>>,
): void {
  ctx
    .newFunction('__hostFetch', (urlH, initH) => {
      const url = ctx.getString(urlH);
      const initJson = ctx.getString(initH);
      const deferred = ctx.newPromise();
      deferreds.add(deferred);
      const work = hostFetch(url, initJson, req, fetchImpl, abort);
      const settled = work.then(
        (text) => {
          if (!deferred.alive) return;
          ctx.newString(text).consume((h) => deferred.resolve(h));
        },
        (err: unknown) => {
          if (!deferred.alive) return;
          ctx.newError(err instanceof Error ? err.message : String(err)).consume((h) => deferred.reject(h));
        },
      );
      pending.add(settled);
      void settled.finally(() => pending.delete(settled));
      return deferred.handle;
    })
    .consume((fn) => ctx.setProp(ctx.global, '__hostFetch', fn));
}

/** The host side of the sandbox's fetch: the origin check here is the real gate, not the guest wrapper. */
async function hostFetch(
  url: string,
  initJson: string,
  req: SandboxRequest,
  fetchImpl: typeof fetch,
  abort: AbortSignal,
): Promise<string> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new Error(`fetch: "${url}" is not an absolute URL.`);
  }
  if (!req.allowedOrigins.includes(target.origin)) {
    throw new Error(
      `fetch blocked: ${target.origin} is not in this tool's allowed origins (${req.allowedOrigins.join(', ')}).`,
    );
  }
  const init = JSON.parse(initJson) as { method: string; headers: unknown; body: string | null };
  const headers: Record<string, string> = {};
  if (typeof init.headers === 'object' && init.headers !== null) {
    for (const [k, v] of Object.entries(init.headers)) headers[k] = String(v);
  }
  let res: Response;
  try {
    // Redirects are refused: following one could reach an origin the tool did not declare.
    res = await fetchImpl(target.href, {
      method: init.method,
      headers,
      body: init.body,
      signal: abort,
      redirect: 'error',
      credentials: 'omit',
    });
  } catch (err) {
    throw new Error(
      `fetch to ${target.origin} failed (${err instanceof Error ? err.message : String(err)}). ` +
        'This is a network error, a refused redirect, or the API not allowing browser requests (CORS).',
      { cause: err },
    );
  }
  const body = boundedText(await readBounded(res, req.outputLimitBytes), req.outputLimitBytes);
  const outHeaders: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    outHeaders[k] = v;
  });
  return JSON.stringify({
    status: res.status,
    statusText: res.statusText,
    url: res.url || target.href,
    headers: outHeaders,
    body,
  });
}

async function waitForHost(
  pending: Set<Promise<unknown>>,
  remainingMs: number,
  signal: AbortSignal,
): Promise<'progress' | 'timeout' | 'aborted'> {
  if (remainingMs <= 0) return 'timeout';
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      Promise.race([...pending]).then(() => 'progress' as const),
      new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), remainingMs);
      }),
      new Promise<'aborted'>((resolve) => {
        onAbort = () => resolve('aborted');
        if (signal.aborted) resolve('aborted');
        else signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
