import type { ToolExecutor, ToolHandle, ToolRunContext, ToolRunResult, ValidationIssue } from '../tool-executor';
import { isRecord } from '../../domain/is-record';

type FakeToolOptions = {
  name: string;
  run?: (args: unknown, ctx: ToolRunContext) => Promise<ToolRunResult> | ToolRunResult;
  /** Required top-level keys with their JSON type; a tiny stand-in for the ajv validation of src/tools. */
  required?: Record<string, 'string' | 'number' | 'boolean' | 'object'>;
  needsApproval?: boolean;
  timeoutMs?: number;
};

type FakeTool = ToolHandle & { calls: { args: unknown; ctx: ToolRunContext }[] };

export const ok = (content: string): ToolRunResult => ({ outcome: 'ok', content, logs: [] });

export function fakeTool(opts: FakeToolOptions): FakeTool {
  const calls: FakeTool['calls'] = [];
  const required = opts.required ?? {};
  return {
    calls,
    spec: {
      name: opts.name,
      description: `fake ${opts.name}`,
      parameters: {
        type: 'object',
        properties: Object.fromEntries(Object.entries(required).map(([k, type]) => [k, { type }])),
        required: Object.keys(required),
      },
    },
    needsApproval: opts.needsApproval ?? false,
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
    validate(args: unknown): ValidationIssue[] {
      if (!isRecord(args)) return [{ path: '', message: 'must be an object' }];
      const rec = args as Record<string, unknown>;
      const issues: ValidationIssue[] = [];
      for (const [key, type] of Object.entries(required)) {
        if (!(key in rec)) issues.push({ path: '', message: `must have required property '${key}'` });
        else if (typeof rec[key] !== type) issues.push({ path: `/${key}`, message: `must be ${type}` });
      }
      return issues;
    },
    async run(args, ctx) {
      calls.push({ args, ctx });
      return opts.run ? opts.run(args, ctx) : ok(JSON.stringify(args));
    },
  };
}

/** Resolves only when `signal` aborts, like a well-behaved slow tool; never resolves if `ignoreSignal`. */
export function blockingRun(ignoreSignal = false) {
  return (_args: unknown, ctx: ToolRunContext) =>
    new Promise<ToolRunResult>((resolve, reject) => {
      if (ignoreSignal) return;
      ctx.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      void resolve;
    });
}

export function fakeExecutor(tools: ToolHandle[]): ToolExecutor {
  return {
    list: () => tools,
    get: (name) => tools.find((t) => t.spec.name === name),
  };
}
