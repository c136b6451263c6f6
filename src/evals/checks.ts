import type { CaseCheck, JudgeCall, JudgeCheck } from '../domain/eval-case';
import { patternRisk, patternRiskWords } from '../tools/validation/unsafe-patterns';
import { inProcessMatcher, type AnswerMatcher } from './answer-matcher';
import { judgeFailure } from './judge';

/** What one run of a case produced, as the checks read it. */
export type CaseOutcome = {
  /** The text of the run's last assistant message. */
  answer: string;
  /** Every tool call the model asked for in the run, in order. */
  toolCalls: { name: string; arguments: string }[];
  /** null: no price for the model, so the cost is not known. */
  costUsd: number | null;
  /** An HTTP or model error, or a call with no recorded result, in words; null when the run ended normally. */
  error: string | null;
};

type ArgsIssue = { path: string; message: string };
/** ajv behind a port: on the page it runs in the validation worker (the page's CSP forbids compiling in the page). */
export type SchemaArgsValidator = (schema: Record<string, unknown>, args: unknown) => Promise<ArgsIssue[]>;

/** Asks a judge check's model about the answer (evals/judge.ts); the runner keeps each call for its cost apart. */
export type CaseJudge = (check: JudgeCheck, answer: string) => Promise<JudgeCall>;

/** Where no judge can be reached (a caller that offers none), a judge check fails with the reason; nothing was sent. */
const noJudge: CaseJudge = async (check) => ({
  model: check.judgeModel,
  verdict: 'failed',
  probability: null,
  words: `The judge (${check.judgeModel}) failed: no judge can be reached from here`,
  inputTokens: null,
  outputTokens: null,
  costUsd: 0,
});

/**
 * The failed checks of a run in words; [] is a pass. An error fails the case whatever the checks say, and it is the
 * first reason (architecture.md, "Test cases and suites").
 */
export async function failedChecks(
  checks: readonly CaseCheck[],
  outcome: CaseOutcome,
  validate: SchemaArgsValidator,
  match: AnswerMatcher = inProcessMatcher,
  judge: CaseJudge = noJudge,
): Promise<string[]> {
  const reasons: string[] = [];
  if (outcome.error !== null) reasons.push(outcome.error);
  for (const check of checks) {
    const reason = await checkFailure(check, outcome, validate, match, judge);
    if (reason !== null) reasons.push(reason);
  }
  return reasons;
}

/**
 * `match` runs "Answer matches" patterns: in a worker with a time limit on the page (evals/answer-matcher.ts). `judge`
 * asks a judge check's model; it is not asked when the run ended in an error (there is no answer to judge).
 */
export async function checkFailure(
  check: CaseCheck,
  outcome: CaseOutcome,
  validate: SchemaArgsValidator,
  match: AnswerMatcher = inProcessMatcher,
  judge: CaseJudge = noJudge,
): Promise<string | null> {
  switch (check.kind) {
    case 'calls_tool':
      return outcome.toolCalls.some((c) => c.name === check.tool) ? null : `It did not call ${check.tool}.`;
    case 'arguments_match':
      return argumentsFailure(check.tool, check.schema, outcome, validate);
    case 'answer_contains':
      return outcome.answer.includes(check.text) ? null : `The answer does not contain “${check.text}”.`;
    case 'answer_matches':
      return answerMatchFailure(check.pattern, outcome.answer, match);
    case 'max_cost':
      if (outcome.costUsd === null)
        return `Its cost is not known (no price for the model), so it cannot be held to $${check.usd}.`;
      return outcome.costUsd <= check.usd ? null : `It cost $${roundUsd(outcome.costUsd)}, more than $${check.usd}.`;
    case 'judge':
      if (outcome.error !== null)
        return `The judge (${check.judgeModel}) was not asked: the run did not reach an answer.`;
      return judgeFailure(await judge(check, outcome.answer));
  }
}

async function argumentsFailure(
  tool: string,
  schema: Record<string, unknown>,
  outcome: CaseOutcome,
  validate: SchemaArgsValidator,
): Promise<string | null> {
  const calls = outcome.toolCalls.filter((c) => c.name === tool);
  if (calls.length === 0) return `It did not call ${tool}, so its arguments could not be checked.`;
  let first: string | null = null;
  // One call that fits is enough: a model may correct itself after a tool error.
  for (const call of calls) {
    let args: unknown;
    try {
      args = JSON.parse(call.arguments);
    } catch {
      first ??= `The arguments of ${tool} are not JSON: ${call.arguments.slice(0, 200)}`;
      continue;
    }
    const issues = await validate(schema, args);
    if (issues.length === 0) return null;
    first ??= `The arguments of ${tool} do not match the schema: ${issues.map((i) => `${i.path || '(arguments)'} ${i.message}`).join('; ')}.`;
  }
  return first;
}

/**
 * Why a pattern cannot be used, or null; the dialogs say it before saving, an import names each one, and a run fails
 * the check with it without ever running the pattern. A pattern that can backtrack for exponential time (the chat's
 * own guard, tools/validation/unsafe-patterns.ts) would hang the page on a near-miss answer, so it is refused
 * (architecture.md, "Test cases and suites").
 */
export function patternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern);
  } catch (e) {
    return `The regular expression is not valid: ${e instanceof Error ? e.message : String(e)}`;
  }
  const risk = patternRisk(pattern, '');
  return risk === null ? null : `The regular expression cannot be used: ${patternRiskWords(pattern, risk)}`;
}

/** Every "Answer matches" check of these cases that cannot run, with its case, as sentences. */
export function unusablePatterns(cases: readonly { name: string; checks: readonly CaseCheck[] }[]): string[] {
  return cases.flatMap((c) =>
    c.checks.flatMap((check) => {
      if (check.kind !== 'answer_matches') return [];
      const problem = patternProblem(check.pattern);
      return problem === null ? [] : [`${c.name}: ${problem}`];
    }),
  );
}

async function answerMatchFailure(pattern: string, answer: string, match: AnswerMatcher): Promise<string | null> {
  const problem = patternProblem(pattern);
  if (problem !== null) return problem.endsWith('.') ? problem : `${problem}.`;
  const verdict = await match(pattern, answer);
  switch (verdict.kind) {
    case 'match':
      return null;
    case 'no_match':
      return `The answer does not match /${pattern}/.`;
    case 'not_started':
      return (
        `The regular expression /${pattern}/ was not tested: the page's pattern worker did not start ` +
        `within ${verdict.startLimitMs / 1000} s (the page or the machine was too busy). Run the suite again.`
      );
    case 'timed_out':
      return (
        `The regular expression /${pattern}/ took longer than ${verdict.limitMs / 1000} s on this answer ` +
        `and was stopped. Rewrite it so it cannot backtrack so much (Edit checks), e.g. anchor it or ` +
        `make adjacent repeats match different characters.`
      );
    case 'failed':
      return `The regular expression /${pattern}/ could not be checked: ${verdict.message}`;
  }
}

function roundUsd(usd: number): string {
  return usd < 0.01 ? usd.toPrecision(2) : usd.toFixed(2);
}
