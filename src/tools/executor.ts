/*
 * Turns stored tool definitions into the handles the agent loop calls.
 *
 * Content-Security-Policy: the page forbids 'unsafe-eval', and Ajv compiles validators with `new Function`, so
 * arguments are validated by the shared validation worker (validation/default-validator.ts), asynchronously.
 * Untrusted tool code never reaches the page's engine either: it runs in QuickJS inside a dedicated worker.
 */
import type { ToolExecutor, ToolHandle, ToolRunContext } from '../agent/tool-executor';
import type { ToolDefinition } from '../domain/tool-definition';
import { BUILTIN_TOOLS } from './builtins';
import { runHttpTool } from './http-runner';
import { DEFAULT_OUTPUT_LIMIT_BYTES } from './output-limit';
import { sandboxToToolResult } from './sandbox-result';
import { failed, type ToolRunReport } from './tool-failure';
import type { Sandbox } from './sandbox/sandbox-types';
import type { SecretSource } from './secret-source';
import { defaultSchemaValidator } from './validation/default-validator';
import type { SchemaValidator } from './validation/schema-validator';

type ToolExecutorDeps = {
  /** Secret header values for HTTP tools, injected by the store (the secrets table) or a test. */
  secrets: SecretSource;
  outputLimitBytes?: number;
  fetch?: typeof fetch;
  /** Where code tools run; defaults to the worker sandbox, loaded on first use. Tests pass an in-process one. */
  sandbox?: Sandbox | (() => Promise<Sandbox>);
  now?: () => Date;
  /** Checks arguments against each tool's schema; defaults to the page's validation worker. */
  validator?: SchemaValidator;
};

let workerSandbox: Promise<Sandbox> | null = null;

/** The page's shared worker sandbox; the module (and QuickJS) is only fetched when a code tool first runs. */
function defaultSandbox(): Promise<Sandbox> {
  workerSandbox ??= import('./sandbox/worker-sandbox').then((m) => m.createWorkerSandbox());
  return workerSandbox;
}

/** A handle whose results also say what kind of failure they are (for "Try it"); the loop reads only the rest. */
interface ReportingHandle extends ToolHandle {
  run(args: unknown, ctx: ToolRunContext): Promise<ToolRunReport>;
}

export interface ReportingExecutor extends ToolExecutor {
  list(): ReportingHandle[];
  get(name: string): ReportingHandle | undefined;
}

export function createToolExecutor(definitions: readonly ToolDefinition[], deps: ToolExecutorDeps): ReportingExecutor {
  const outputLimitBytes = deps.outputLimitBytes ?? DEFAULT_OUTPUT_LIMIT_BYTES;
  const fetchImpl = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const given = deps.sandbox;
  const sandbox = (): Promise<Sandbox> =>
    given === undefined ? defaultSandbox() : typeof given === 'function' ? given() : Promise.resolve(given);
  const now = deps.now ?? (() => new Date());
  const validator = deps.validator ?? defaultSchemaValidator();

  const enabled = definitions.filter((d) => d.enabled);
  // Compiled while the model is still answering, so a turn's parallel calls start together.
  validator.prepare(enabled);
  const handles = enabled.map((def) => toHandle(def));
  const byName = new Map(handles.map((h) => [h.spec.name, h]));
  return { list: () => [...handles], get: (name) => byName.get(name) };

  function toHandle(def: ToolDefinition): ReportingHandle {
    return {
      spec: { name: def.name, description: def.description, parameters: def.parameters },
      ...(def.timeoutMs !== null ? { timeoutMs: def.timeoutMs } : {}),
      needsApproval: def.needsApproval,
      source: def.kind === 'builtin' ? { kind: 'builtin' } : { kind: 'custom' },
      validate: (args) => validator.validateArgs(def, args),
      run: (args, ctx) => runDefinition(def, args, ctx),
    };
  }

  async function runDefinition(def: ToolDefinition, args: unknown, ctx: ToolRunContext): Promise<ToolRunReport> {
    if (ctx.signal.aborted) return failed('cancelled', 'Cancelled.');
    switch (def.kind) {
      case 'code': {
        const box = await sandbox();
        const result = await box.run(
          { code: def.code, args, timeoutMs: ctx.timeoutMs, outputLimitBytes, allowedOrigins: def.allowedOrigins },
          ctx.signal,
          ctx.onProgress ? (log) => ctx.onProgress?.({ kind: 'log', log }) : undefined,
        );
        return sandboxToToolResult(result);
      }
      case 'http': {
        const timeout = AbortSignal.timeout(ctx.timeoutMs);
        const onBytes = ctx.onProgress
          ? (received: number, total: number | null) => ctx.onProgress?.({ kind: 'bytes', received, total })
          : undefined;
        const result = await runHttpTool(
          def.id,
          def.http,
          args,
          {
            secrets: deps.secrets,
            fetch: fetchImpl,
            outputLimitBytes,
            ...(onBytes ? { onBytes } : {}),
            ...(ctx.capture ? { capture: ctx.capture } : {}),
          },
          AbortSignal.any([ctx.signal, timeout]),
        );
        if (timeout.aborted && !ctx.signal.aborted)
          return failed('timeout', `Timed out after ${ctx.timeoutMs} ms.`, result.logs);
        return result;
      }
      case 'builtin': {
        const builtin = BUILTIN_TOOLS.get(def.builtinId);
        if (!builtin) return failed('setup', `Unknown built-in tool "${def.builtinId}".`);
        return builtin.run(args, ctx, {
          sandbox,
          fetch: fetchImpl,
          outputLimitBytes,
          now,
          allowPrivateAddresses: def.allowPrivateAddresses === true,
        });
      }
    }
  }
}
