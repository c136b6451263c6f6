import type { ToolLog, ToolRunContext } from '../agent/tool-executor';
import { CURRENT_TIME_SPEC, FETCH_URL_SPEC, JS_EVAL_SPEC, type BuiltinSpec } from './builtin-specs';
import { boundedText, declaredLength, readBounded, type BoundedBody } from './bounded-body';
import { explainFetchFailure } from './fetch-failure';
import { privateAddressReason } from './private-address';
import { sandboxToToolResult } from './sandbox-result';
import { failed, type ToolRunReport } from './tool-failure';
import type { Sandbox } from './sandbox/sandbox-types';

type BuiltinDeps = {
  sandbox(): Promise<Sandbox>;
  fetch: typeof fetch;
  outputLimitBytes: number;
  now(): Date;
  /** The tool's own "Allow private addresses" option (fetch_url). */
  allowPrivateAddresses: boolean;
};

/**
 * A tool implemented by the app. Built-ins that need app services (e.g. the `remember` memory tool, which needs
 * the database) are added as ready-made handles with `withExtraTools` (src/context/remember-tool.ts) rather than
 * here, so this module stays free of storage.
 */
type BuiltinTool = BuiltinSpec & {
  run(args: unknown, ctx: ToolRunContext, deps: BuiltinDeps): Promise<ToolRunReport>;
};

const field = (args: unknown, name: string): unknown =>
  typeof args === 'object' && args !== null ? (args as Record<string, unknown>)[name] : undefined;

const jsEval: BuiltinTool = {
  ...JS_EVAL_SPEC,
  async run(args, ctx, deps) {
    // Indirect eval runs inside QuickJS, not the page's engine; the page's CSP is not involved.
    const code = 'const v = await (0, eval)(String(args.expression));\nreturn v === undefined ? "undefined" : v;';
    const sandbox = await deps.sandbox();
    const onLog = ctx.onProgress ? (log: ToolLog) => ctx.onProgress?.({ kind: 'log', log }) : undefined;
    const result = await sandbox.run(
      { code, args, timeoutMs: ctx.timeoutMs, outputLimitBytes: deps.outputLimitBytes, allowedOrigins: [] },
      ctx.signal,
      onLog,
    );
    return sandboxToToolResult(result);
  },
};

const fetchUrl: BuiltinTool = {
  ...FETCH_URL_SPEC,
  async run(args, ctx, deps) {
    let url: URL;
    try {
      url = new URL(String(field(args, 'url')));
    } catch {
      return failed('invalid_arguments', 'Not an absolute URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return failed('invalid_arguments', 'Only http:// and https:// URLs can be fetched.');
    const refusal = deps.allowPrivateAddresses ? null : privateRefusal(url, url);
    if (refusal) return failed('blocked', refusal);
    const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.timeoutMs)]);
    const timedOut = (): ToolRunReport =>
      ctx.signal.aborted
        ? failed('cancelled', 'Cancelled.')
        : failed('timeout', `Timed out after ${ctx.timeoutMs} ms.`);
    let res: Response;
    try {
      res = await deps.fetch(url.href, {
        signal,
        credentials: 'omit',
        headers: { accept: 'text/*, application/json;q=0.9, */*;q=0.5' },
      });
    } catch (err) {
      if (signal.aborted) return timedOut();
      const explained = await explainFetchFailure(url, err, deps.fetch, signal);
      return failed(explained.failure, explained.message);
    }
    // A public page may redirect to a private one; the hop itself cannot be seen from a page, but where it ended can.
    const landed = deps.allowPrivateAddresses || !res.url ? null : privateRefusal(url, new URL(res.url));
    if (landed) {
      void res.body?.cancel().catch(() => undefined);
      return failed('blocked', landed);
    }
    let answer: BoundedBody;
    try {
      const total = declaredLength(res);
      const onProgress = ctx.onProgress;
      answer = await readBounded(
        res,
        deps.outputLimitBytes,
        undefined,
        onProgress ? (received) => onProgress({ kind: 'bytes', received, total }) : undefined,
      );
    } catch (err) {
      if (signal.aborted) return timedOut();
      return failed(
        'network',
        `Reading the response from ${url.origin} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    if (!res.ok)
      return failed('http_status', `HTTP ${res.status} ${res.statusText}`.trim() + `\n${boundedText(answer, 2_000)}`);
    return { outcome: 'ok', content: boundedText(answer, deps.outputLimitBytes), logs: [] };
  },
};

function privateRefusal(asked: URL, reached: URL): string | null {
  const why = privateAddressReason(reached.hostname);
  if (why === null) return null;
  const where =
    asked.origin === reached.origin
      ? `${reached.host} is ${why}`
      : `${asked.origin} redirected to ${reached.host}, which is ${why}`;
  return (
    `Refused: ${where}. fetch_url does not reach this machine or the local network unless its "Allow private addresses" ` +
    'option is on (Tools, fetch_url).'
  );
}

const currentTime: BuiltinTool = {
  ...CURRENT_TIME_SPEC,
  async run(args, _ctx, deps) {
    const now = deps.now();
    const requested = field(args, 'timeZone');
    const timeZone =
      typeof requested === 'string' && requested !== '' ? requested : Intl.DateTimeFormat().resolvedOptions().timeZone;
    try {
      const parts = (options: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat('en-CA', { timeZone, ...options }).format(now);
      const offset =
        new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
          .formatToParts(now)
          .find((p) => p.type === 'timeZoneName')?.value ?? '';
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
      return failed('invalid_arguments', `Unknown time zone "${timeZone}"; use an IANA name such as "Europe/Paris".`);
    }
  },
};

export const BUILTIN_TOOLS: ReadonlyMap<string, BuiltinTool> = new Map(
  [jsEval, fetchUrl, currentTime].map((t) => [t.id, t]),
);
