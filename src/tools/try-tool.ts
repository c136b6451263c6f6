import type { ToolExecutor, ToolRunResult, ValidationIssue } from '../agent/tool-executor';
import { parseArgs } from './validation/parse-args';

export type TryResult =
  | { kind: 'invalid'; issues: ValidationIssue[] }
  | { kind: 'unknown_tool' }
  | { kind: 'ran'; result: ToolRunResult; durationMs: number };

/** What the loop does with one call, for the editor's "Try it": parse, validate, then run with a timeout. */
export async function tryTool(
  executor: ToolExecutor,
  name: string,
  argumentsText: string,
  opts: { signal: AbortSignal; defaultTimeoutMs: number; now?: () => number },
): Promise<TryResult> {
  const handle = executor.get(name);
  if (!handle) return { kind: 'unknown_tool' };
  const parsed = parseArgs(argumentsText);
  if (!parsed.ok) return { kind: 'invalid', issues: parsed.issues };
  const issues = await handle.validate(parsed.value);
  if (issues.length > 0) return { kind: 'invalid', issues };
  const now = opts.now ?? (() => performance.now());
  const started = now();
  const result = await handle.run(parsed.value, { signal: opts.signal, timeoutMs: handle.timeoutMs ?? opts.defaultTimeoutMs, callId: `try-${Math.round(started)}` });
  return { kind: 'ran', result, durationMs: Math.round(now() - started) };
}
