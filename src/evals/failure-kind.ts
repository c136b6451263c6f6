import type { EvalCell } from '../domain/eval-case';

/**
 * Why a run of a case failed (evals.md, "Test cases and suites", the promptfoo agreement): its model was not reached (the request failed: an
 * HTTP error, the network, a run that could not start), so nothing was checked; the model answered and a check
 * failed; or a judge gave no verdict (its request failed, or it answered neither yes nor no). Two graders that both
 * say "fail" agree only when they fail for the same kind of reason: a provider error is not a failed check.
 */
export type FailureKind = 'not_reached' | 'check_failed' | 'judge_failed';

/** How the runner words a run whose model request failed (evals/run-case.ts) and a case that could not start. */
export const RUN_FAILED = 'The run failed: ';
export const CASE_COULD_NOT_RUN = 'The case could not run: ';

/**
 * The kind of a failed run of the page's runner; null when it did not fail. Read from what a stored run holds (its
 * reasons in the runner's own words, its judge calls), so runs stored before the kinds existed read the same way.
 * A judge that failed outranks a failed check beside it: that check's verdict was known, the judge's was not.
 */
export function cellFailure(cell: Pick<EvalCell, 'verdict' | 'reasons' | 'judge'>): FailureKind | null {
  if (cell.verdict !== 'fail') return null;
  const first = cell.reasons[0] ?? '';
  if (first.startsWith(RUN_FAILED) || first.startsWith(CASE_COULD_NOT_RUN)) return 'not_reached';
  if (cell.judge?.some((j) => j.verdict === 'failed')) return 'judge_failed';
  return 'check_failed';
}

/** promptfoo's `ResultFailureReason` (its index.d.ts): a result failed an assertion, or erred. */
export const PROMPTFOO_ASSERT = 1;
export const PROMPTFOO_ERROR = 2;

/**
 * One result of promptfoo's JSON output (`promptfoo eval -o results.json`), the fields the kind is read from. A grader
 * whose request failed or whose reply could not be read is a failed assertion whose component carries
 * `metadata.graderError` (an llm-rubric returns it, it does not throw); a target that answered with an error is
 * `failureReason` ERROR with `response.error`.
 */
export type PromptfooResult = {
  success: boolean;
  failureReason?: number;
  error?: string | null;
  response?: { output?: unknown; error?: string | null } | null;
  gradingResult?: {
    reason?: string;
    componentResults?: { pass: boolean; reason?: string; metadata?: { graderError?: boolean } }[];
  } | null;
};

/** The kind of a failed promptfoo result, as `cellFailure` reads the page's; null when it passed. */
export function promptfooFailure(row: PromptfooResult): FailureKind | null {
  if (row.success) return null;
  if (row.failureReason === PROMPTFOO_ERROR && row.response?.error) return 'not_reached';
  if (row.gradingResult?.componentResults?.some((c) => !c.pass && c.metadata?.graderError === true))
    return 'judge_failed';
  // A failed assertion; an ERROR with no error from the target, which is an assertion that threw (a cost check on a
  // model with no price: "Cost assertion does not support providers that do not return cost", where the page says the
  // cost is not known); or a target that sent no output at all ("No output"). The model answered each time.
  return 'check_failed';
}
