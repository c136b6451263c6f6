import type { ValidationIssue } from '../agent/tool-executor';
import type { ReportingExecutor } from './executor';
import { failureOf, type ToolFailure, type ToolRunReport } from './tool-failure';
import { parseArgs } from './validation/parse-args';

export type TryResult =
  | { kind: 'invalid'; issues: ValidationIssue[] }
  /** The arguments could not be checked at all (the check took too long, or the worker failed). */
  | { kind: 'check_failed'; message: string }
  | { kind: 'unknown_tool' }
  | { kind: 'ran'; result: ToolRunReport; durationMs: number };

/** What the loop does with one call, for the editor's "Try it": parse, validate, then run with a timeout. */
export async function tryTool(
  executor: ReportingExecutor,
  name: string,
  argumentsText: string,
  opts: { signal: AbortSignal; defaultTimeoutMs: number; now?: () => number },
): Promise<TryResult> {
  const handle = executor.get(name);
  if (!handle) return { kind: 'unknown_tool' };
  const parsed = parseArgs(argumentsText);
  if (!parsed.ok) return { kind: 'invalid', issues: parsed.issues };
  let issues: ValidationIssue[];
  try {
    issues = await handle.validate(parsed.value);
  } catch (err) {
    return { kind: 'check_failed', message: err instanceof Error ? err.message : String(err) };
  }
  if (issues.length > 0) return { kind: 'invalid', issues };
  const now = opts.now ?? (() => performance.now());
  const started = now();
  const result = await handle.run(parsed.value, {
    signal: opts.signal,
    timeoutMs: handle.timeoutMs ?? opts.defaultTimeoutMs,
    callId: `try-${Math.round(started)}`,
  });
  return { kind: 'ran', result, durationMs: Math.round(now() - started) };
}

/** The headline "Try it" shows for a failure (here, not with the kinds, so the boot-time bundle does not carry it). */
const FAILURE_HEADLINES: Readonly<Record<ToolFailure, string>> = {
  invalid_arguments: 'Not run: invalid arguments',
  argument_check: 'Not run: the arguments could not be checked',
  unknown_tool: 'Not run: unknown tool',
  setup: 'Not run: the tool is not fully set up',
  thrown: 'Failed: the code threw an error',
  bad_return: 'Failed: the result cannot be sent to the model',
  timeout: 'Failed: timed out',
  memory: 'Failed: memory limit',
  network: 'Failed: network error (the server could not be reached)',
  cors: 'Failed: network refused (the browser withheld the answer: CORS)',
  http_status: 'Failed: the server answered with an error status',
  blocked: 'Refused: the request was blocked',
  cancelled: 'Stopped',
  crashed: 'Failed: the sandbox crashed',
};

/** The kind of failure a try ended in; null when the tool ran and succeeded. */
export function tryFailure(result: TryResult): ToolFailure | null {
  switch (result.kind) {
    case 'invalid':
      return 'invalid_arguments';
    case 'check_failed':
      return 'argument_check';
    case 'unknown_tool':
      return 'unknown_tool';
    case 'ran':
      return failureOf(result.result);
  }
}

/** The one line "Try it" leads with: "OK", or what kind of failure it was, as the agent's result says it. */
export function tryHeadline(result: TryResult): string {
  const failure = tryFailure(result);
  if (failure !== null) return FAILURE_HEADLINES[failure];
  return result.kind === 'ran' && result.result.outcome === 'error' ? 'Failed' : 'OK';
}
