import type { RunInput, RunResult } from '../agent/loop';
import type { AgentEvent, EventSink } from '../domain/run-events';
import type { ModelClient } from '../agent/model-client';
import { branchOnEdit } from '../db/branch-on-edit';
import { costOf } from '../domain/cost';
import type { EvalCaseRecord, EvalCell, JudgeCall, JudgeCheck } from '../domain/eval-case';
import { DEFAULT_CONFIG } from '../domain/loop-config';
import type { ChatMessage } from '../domain/messages';
import type { ModelPrice } from '../domain/model-prices';
import type { AnswerMatcher } from './answer-matcher';
import { failedChecks, type CaseJudge, type SchemaArgsValidator, type CaseOutcome } from './checks';
import { RUN_FAILED } from './failure-kind';
import { caseToolExecutor, unmatchedReason, type CaseUnmatchedCall } from './recorded-executor';

export type CaseRunDeps = {
  runAgent: (input: RunInput) => Promise<RunResult>;
  validate: SchemaArgsValidator;
  /** Runs "Answer matches" patterns; the page's is a worker with a time limit (evals/page-matcher.ts). */
  matchAnswer?: AnswerMatcher;
  priceOf: (model: string) => ModelPrice | null;
  newId: () => string;
  /** Asks judge checks' models (evals/judge.ts); without it a judge check fails with the reason. */
  judge?: (check: JudgeCheck, answer: string, signal: AbortSignal) => Promise<JudgeCall>;
};

type CaseRunInput = {
  testCase: EvalCaseRecord;
  model: string;
  client: ModelClient;
  /** The frozen messages under this run's own ids (they are stored in the run's session). */
  history: ChatMessage[];
  sessionId: string;
  emit: EventSink;
  signal: AbortSignal;
};

type CaseRunResult = Pick<EvalCell, 'verdict' | 'reasons' | 'costUsd' | 'ttftMs' | 'durationMs' | 'judge'>;

/** A case that reached the runner with no checks (a suite stored before they were required): it can never pass. */
export class CaseWithoutChecksError extends Error {
  readonly kind = 'case_without_checks';
  constructor(caseName: string) {
    super(
      `The case "${caseName}" has no checks, so it cannot pass: add at least one (Edit checks), then run it again.`,
    );
    this.name = 'CaseWithoutChecksError';
  }
}

/**
 * One case on one model (architecture.md, "Test cases and suites"): the frozen request through the real agent loop,
 * tools answered from the recorded results only, then every check. Stop gives "stopped", never a pass.
 */
export async function runCase(input: CaseRunInput, deps: CaseRunDeps): Promise<CaseRunResult> {
  const { testCase, signal } = input;
  if (testCase.checks.length === 0) throw new CaseWithoutChecksError(testCase.name);
  const inner = new AbortController();
  const stop = () => inner.abort();
  // A Stop that came while the cell's session was being made has already fired: the listener alone would miss it.
  if (signal.aborted) inner.abort();
  else signal.addEventListener('abort', stop, { once: true });
  let unmatched: CaseUnmatchedCall | null = null;
  const tools = caseToolExecutor(testCase.request.tools, testCase.recorded, (call) => {
    unmatched ??= call;
    inner.abort();
  });
  let firstRequestAt: number | null = null;
  let ttftMs: number | null = null;
  let durationMs: number | null = null;
  const emit = branchOnEdit((e: AgentEvent) => {
    if (e.type === 'request_started' && firstRequestAt === null) firstRequestAt = e.t;
    if (e.type === 'first_token' && ttftMs === null && firstRequestAt !== null) ttftMs = e.t - firstRequestAt;
    if (e.type === 'run_finished') durationMs = e.t;
    input.emit(e);
  }, deps.newId);
  try {
    const result = await deps.runAgent({
      runId: deps.newId(),
      sessionId: input.sessionId,
      history: input.history,
      config: { ...DEFAULT_CONFIG, model: input.model, temperature: testCase.request.temperature ?? null },
      model: input.client,
      tools,
      signal: inner.signal,
      emit,
      ...(testCase.request.systemPrompt ? { systemPrompt: testCase.request.systemPrompt } : {}),
      newId: deps.newId,
    });
    const price = deps.priceOf(input.model);
    const cost = costOf(result.usage, price);
    const costUsd = cost.kind === 'known' ? cost.usd : null;
    const timing = { costUsd, ttftMs, durationMs };
    if (signal.aborted) return { verdict: 'stopped', reasons: ['Stopped before it finished.'], ...timing };
    const outcome = outcomeOf(result, input.history.length, costUsd, unmatched);
    // Judge requests are kept apart: their cost is never the case's own (architecture.md, "Test cases and suites").
    const judged: JudgeCall[] = [];
    const ask = deps.judge;
    const judge: CaseJudge | undefined = ask
      ? async (check, answer) => {
          const call = await ask(check, answer, inner.signal);
          judged.push(call);
          return call;
        }
      : undefined;
    const reasons = await failedChecks(testCase.checks, outcome, deps.validate, deps.matchAnswer, judge);
    if (signal.aborted)
      return {
        verdict: 'stopped',
        reasons: ['Stopped before it finished.'],
        ...timing,
        ...(judged.length > 0 ? { judge: judged } : {}),
      };
    return {
      verdict: reasons.length === 0 ? 'pass' : 'fail',
      reasons,
      ...timing,
      ...(judged.length > 0 ? { judge: judged } : {}),
    };
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

function outcomeOf(
  result: RunResult,
  frozenCount: number,
  costUsd: number | null,
  unmatched: CaseUnmatchedCall | null,
): CaseOutcome {
  const added = result.history.slice(frozenCount);
  const assistants = added.filter((m) => m.role === 'assistant');
  const answer = assistants.at(-1)?.content ?? '';
  const toolCalls = assistants.flatMap((m) => m.toolCalls.map((c) => ({ name: c.name, arguments: c.arguments })));
  let error: string | null = null;
  if (unmatched !== null) error = unmatchedReason(unmatched);
  else if (result.stopReason === 'error') error = `${RUN_FAILED}${result.error?.message ?? 'an error with no message'}`;
  else if (result.stopReason === 'max_turns' || result.stopReason === 'max_tool_calls')
    error = `The run stopped at a limit (${result.stopReason.replace('_', ' ')}) before an answer.`;
  return { answer, toolCalls, costUsd, error };
}
