import type { ValidationIssue } from '../../agent/tool-executor';

/** Parses the raw argument text the model or the editor produced; JSON errors become one issue at the root. */
export function parseArgs(text: string): { ok: true; value: unknown } | { ok: false; issues: ValidationIssue[] } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(trimmed) as unknown };
  } catch (err) {
    return {
      ok: false,
      issues: [{ path: '/', message: `not valid JSON: ${err instanceof Error ? err.message : String(err)}` }],
    };
  }
}
