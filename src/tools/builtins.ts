import type { ToolRunContext, ToolRunResult } from '../agent/tool-executor';
import type { ToolDefinition } from '../db/records';
import { explainFetchFailure } from './http-runner';
import { cutOutput } from './output-limit';
import { sandboxToToolResult } from './sandbox-result';
import type { Sandbox } from './sandbox/sandbox-types';

export type BuiltinDeps = {
  sandbox(): Promise<Sandbox>;
  fetch: typeof fetch;
  outputLimitBytes: number;
  now(): Date;
};

/**
 * A tool implemented by the app. Built-ins that need app services (e.g. the `remember` memory tool, which needs
 * the database) are added as ready-made handles with `withExtraTools` (src/context/remember-tool.ts) rather than
 * here, so this module stays free of storage.
 */
export type BuiltinTool = {
  id: string;
  description: string;
  parameters: Record<string, unknown>;
  run(args: unknown, ctx: ToolRunContext, deps: BuiltinDeps): Promise<ToolRunResult>;
};

const field = (args: unknown, name: string): unknown =>
  typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[name] : undefined;

const jsEval: BuiltinTool = {
  id: 'js_eval',
  description:
    'Evaluate a JavaScript expression (or a few statements; the value of the last one is returned) in an isolated sandbox with no network, DOM or storage. Useful for exact arithmetic, dates and string processing.',
  parameters: {
    type: 'object',
    properties: { expression: { type: 'string', description: 'JavaScript source, e.g. "Math.sqrt(2) * 10"' } },
    required: ['expression'],
    additionalProperties: false,
  },
  async run(args, ctx, deps) {
    // Indirect eval runs inside QuickJS, not the page's engine; the page's CSP is not involved.
    const code = 'const v = await (0, eval)(String(args.expression));\nreturn v === undefined ? "undefined" : v;';
    const sandbox = await deps.sandbox();
    const result = await sandbox.run({ code, args, timeoutMs: ctx.timeoutMs, outputLimitBytes: deps.outputLimitBytes, allowedOrigins: [] }, ctx.signal);
    return sandboxToToolResult(result);
  },
};

const fetchUrl: BuiltinTool = {
  id: 'fetch_url',
  description: 'Fetch a web page or API over HTTP(S) GET and return the body as text (cut at the output limit). Only works for servers that allow browser requests (CORS).',
  parameters: {
    type: 'object',
    properties: { url: { type: 'string', format: 'uri', description: 'An absolute http:// or https:// URL' } },
    required: ['url'],
    additionalProperties: false,
  },
  async run(args, ctx, deps) {
    const error = (content: string): ToolRunResult => ({ outcome: 'error', content, logs: [] });
    let url: URL;
    try {
      url = new URL(String(field(args, 'url')));
    } catch {
      return error('Not an absolute URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return error('Only http:// and https:// URLs can be fetched.');
    const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.timeoutMs)]);
    let res: Response;
    try {
      res = await deps.fetch(url.href, { signal, credentials: 'omit', headers: { accept: 'text/*, application/json;q=0.9, */*;q=0.5' } });
    } catch (err) {
      if (ctx.signal.aborted) return error('Cancelled.');
      if (signal.aborted) return error(`Timed out after ${ctx.timeoutMs} ms.`);
      return error(await explainFetchFailure(url, err, deps.fetch, signal));
    }
    const text = await res.text();
    if (!res.ok) return error(`HTTP ${res.status} ${res.statusText}`.trim() + `\n${cutOutput(text, 2_000)}`);
    return { outcome: 'ok', content: cutOutput(text, deps.outputLimitBytes), logs: [] };
  },
};

const currentTime: BuiltinTool = {
  id: 'current_time',
  description: "The current date and time, in the user's time zone unless another IANA time zone is given.",
  parameters: {
    type: 'object',
    properties: { timeZone: { type: 'string', description: 'IANA time zone such as "Europe/Paris"; default: the user\'s' } },
    additionalProperties: false,
  },
  async run(args, _ctx, deps) {
    const now = deps.now();
    const requested = field(args, 'timeZone');
    const timeZone = typeof requested === 'string' && requested !== '' ? requested : Intl.DateTimeFormat().resolvedOptions().timeZone;
    try {
      const parts = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-CA', { timeZone, ...options }).format(now);
      const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? '';
      const content = JSON.stringify({
        iso: now.toISOString(),
        date: parts({ year: 'numeric', month: '2-digit', day: '2-digit' }),
        time: parts({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
        weekday: new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long' }).format(now),
        timeZone,
        utcOffset: offset.replace(/^GMT$/, 'GMT+00:00'),
      });
      return { outcome: 'ok', content, logs: [] };
    } catch {
      return { outcome: 'error', content: `Unknown time zone "${timeZone}"; use an IANA name such as "Europe/Paris".`, logs: [] };
    }
  },
};

export const BUILTIN_TOOLS: ReadonlyMap<string, BuiltinTool> = new Map([jsEval, fetchUrl, currentTime].map((t) => [t.id, t]));

export const BUILTIN_IDS: ReadonlySet<string> = new Set(BUILTIN_TOOLS.keys());

/** Definitions to seed on first start; ids are stable so seeding twice does not duplicate. */
export function builtinDefinitions(now: number): ToolDefinition[] {
  return [...BUILTIN_TOOLS.values()].map((t) => ({
    id: `builtin:${t.id}`,
    name: t.id,
    description: t.description,
    parameters: t.parameters,
    kind: 'builtin',
    code: null,
    http: null,
    builtinId: t.id,
    allowedOrigins: [],
    timeoutMs: null,
    needsApproval: false,
    enabled: true,
    createdAt: now,
    updatedAt: now,
  }));
}
