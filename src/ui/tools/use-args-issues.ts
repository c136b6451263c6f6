import { useEffect, useState } from 'react';
import type { ValidationIssue } from '../../agent/tool-executor';
import { parseArgs } from '../../tools/validation/parse-args';

type ArgsCheck = {
  issues: ValidationIssue[];
  /** The schema check for the current text has not answered yet. */
  checking: boolean;
};

type Answer = { text: string; validate: unknown; issues: ValidationIssue[] };

/**
 * Live validation of argument text: JSON errors at once, schema errors when the validation worker answers. An answer
 * for text (or a tool) that has since changed is dropped, so a slow reply never overwrites a newer one.
 * `validate` should keep its identity while the tool stays the same; null checks JSON only.
 */
export function useArgsIssues(
  text: string,
  validate: ((args: unknown) => Promise<ValidationIssue[]> | ValidationIssue[]) | null,
): ArgsCheck {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const parsed = parseArgs(text);

  useEffect(() => {
    const args = parseArgs(text);
    if (!args.ok || validate === null) return;
    let current = true;
    const settle = (issues: ValidationIssue[]) => {
      if (current) setAnswer({ text, validate, issues });
    };
    Promise.resolve()
      .then(() => validate(args.value))
      .then(settle, (err: unknown) =>
        settle([{ path: '/', message: `could not be checked: ${err instanceof Error ? err.message : String(err)}` }]),
      );
    return () => {
      current = false;
    };
  }, [text, validate]);

  if (!parsed.ok) return { issues: parsed.issues, checking: false };
  if (validate === null) return { issues: [], checking: false };
  if (answer === null || answer.text !== text || answer.validate !== validate) return { issues: [], checking: true };
  return { issues: answer.issues, checking: false };
}
