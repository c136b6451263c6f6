import { DEFAULT_JUDGE_THRESHOLD, type CaseCheck } from '../domain/eval-case';
import { parseModelTargets } from '../llm/model-targets';
import { patternProblem } from './checks';
import { isRecord } from '../domain/is-record';

/**
 * The "Checks" group as a person fills it in, in "Save as test case" and in "Edit checks" (architecture.md, "Test
 * cases and suites"): one tool for "Calls tool" and "Arguments match", at most one check of each kind. Both dialogs
 * read it with `checksFromForm`, so a case's checks are held to the same rules when saved and when edited.
 */
export type CheckForm = {
  callsTool: boolean;
  tool: string;
  argsOn: boolean;
  /** The JSON Schema as typed. */
  schema: string;
  containsOn: boolean;
  text: string;
  matchOn: boolean;
  pattern: string;
  /** US dollars as typed; '' is no limit. */
  maxCost: string;
  /** "Judged by a model": a yes/no question about the answer, the judge ("<model>" or "<model> @ <base URL>"), 0-1. */
  judgeOn: boolean;
  question: string;
  judgeModel: string;
  threshold: string;
};

/** The judge fields of a form that has no judge check yet. */
export const NO_JUDGE = {
  judgeOn: false,
  question: '',
  judgeModel: '',
  threshold: String(DEFAULT_JUDGE_THRESHOLD),
} as const;

/** The checks the form asks for, or what is wrong with it as a sentence. */
export function checksFromForm(f: CheckForm): CaseCheck[] | string {
  const out: CaseCheck[] = [];
  if ((f.callsTool || f.argsOn) && f.tool === '') return 'Choose the tool the checks are about.';
  if (f.callsTool) out.push({ kind: 'calls_tool', tool: f.tool });
  if (f.argsOn) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(f.schema);
    } catch {
      return 'The arguments schema is not JSON. Write a JSON Schema object, for example {"type": "object"}.';
    }
    if (!isRecord(parsed)) return 'The arguments schema must be a JSON object (a JSON Schema).';
    out.push({ kind: 'arguments_match', tool: f.tool, schema: parsed as Record<string, unknown> });
  }
  if (f.containsOn) {
    if (f.text === '') return 'Write the text the answer must contain, or untick "Answer contains".';
    out.push({ kind: 'answer_contains', text: f.text });
  }
  if (f.matchOn) {
    if (f.pattern === '') return 'Write the regular expression the answer must match, or untick "Answer matches".';
    const bad = patternProblem(f.pattern);
    if (bad !== null) return bad;
    out.push({ kind: 'answer_matches', pattern: f.pattern });
  }
  if (f.maxCost.trim() !== '') {
    const usd = Number(f.maxCost);
    if (!Number.isFinite(usd) || usd < 0) return 'Max cost is a number of US dollars, such as 0.01.';
    out.push({ kind: 'max_cost', usd });
  }
  if (f.judgeOn) {
    const judge = judgeFromForm(f);
    if (typeof judge === 'string') return judge;
    out.push(judge);
  }
  if (out.length === 0) return 'Tick at least one check: a case with no checks would always pass.';
  return out;
}

function judgeFromForm(f: CheckForm): CaseCheck | string {
  const question = f.question.trim();
  if (question === '')
    return 'Write the yes/no question the judge answers about the answer, or untick "Judged by a model".';
  const judgeModel = f.judgeModel.trim();
  if (judgeModel === '') return 'Name the judge model: a model of this endpoint, or "<model> @ <base URL>".';
  // The own endpoint's URL only tells a bare model from "@ <base URL>" here; the run reads the endpoint then.
  const read = parseModelTargets(judgeModel, { ownBaseURL: 'http://own.invalid', isSavedEndpoint: () => true });
  if (!read.ok) return `The judge model cannot be read: ${read.errors.map((e) => e.message).join(' ')}`;
  if (read.targets.length !== 1) return 'Name one judge model.';
  const threshold = Number(f.threshold);
  if (f.threshold.trim() === '' || !Number.isFinite(threshold) || threshold < 0 || threshold > 1)
    return 'Threshold is a number from 0 to 1, such as 0.5.';
  return { kind: 'judge', question, judgeModel, threshold };
}

/** The form showing a stored case's checks; `fallback` fills the fields of checks it does not have. */
export function formFromChecks(
  checks: readonly CaseCheck[],
  fallback: { tool: string; schema: string; text: string; judgeModel?: string },
): CheckForm {
  const find = <K extends CaseCheck['kind']>(kind: K) =>
    checks.find((c): c is Extract<CaseCheck, { kind: K }> => c.kind === kind);
  const calls = find('calls_tool');
  const args = find('arguments_match');
  const contains = find('answer_contains');
  const matches = find('answer_matches');
  const cost = find('max_cost');
  const judge = find('judge');
  return {
    callsTool: calls !== undefined,
    tool: calls?.tool ?? args?.tool ?? fallback.tool,
    argsOn: args !== undefined,
    schema: args ? JSON.stringify(args.schema, null, 2) : fallback.schema,
    containsOn: contains !== undefined,
    text: contains?.text ?? fallback.text,
    matchOn: matches !== undefined,
    pattern: matches?.pattern ?? '',
    maxCost: cost ? String(cost.usd) : '',
    ...(judge
      ? { judgeOn: true, question: judge.question, judgeModel: judge.judgeModel, threshold: String(judge.threshold) }
      : { ...NO_JUDGE, judgeModel: fallback.judgeModel ?? '' }),
  };
}

/**
 * Why the form cannot show these checks faithfully, or null: it holds one tool and one check of each kind, so an
 * imported case with more would lose some on saving. The edit dialog says so rather than dropping them silently.
 */
export function formCannotHold(checks: readonly CaseCheck[]): string | null {
  const kinds = checks.map((c) => c.kind);
  if (new Set(kinds).size !== kinds.length)
    return 'This case has more than one check of a kind; the form shows the first of each, and saving keeps only those.';
  const tools = new Set(
    checks.flatMap((c) => (c.kind === 'calls_tool' || c.kind === 'arguments_match' ? [c.tool] : [])),
  );
  if (tools.size > 1)
    return 'This case checks more than one tool; the form shows one, and saving checks that one only.';
  return null;
}
