import { describe, expect, it } from 'vitest';
import { runAgent } from '../agent/loop';
import { httpError, scriptedModel, textReply, toolCallsReply } from '../agent/testing/scripted-model';
import type { EvalCaseRecord, JudgeCall } from '../domain/eval-case';
import { createInProcessValidator } from '../tools/validation/in-process-validator';
import { argsValidatorOn } from './args-validator';
import { cellFailure, promptfooFailure, PROMPTFOO_ASSERT, PROMPTFOO_ERROR } from './failure-kind';
import { runSuite, type SuiteRunDeps } from './run-suite';

const judged: EvalCaseRecord = {
  id: 'c1',
  suiteId: 's',
  name: 'Judged',
  createdAt: 1,
  updatedAt: 1,
  request: {
    model: 'orig',
    messages: [{ id: 'u1', createdAt: 1, role: 'user', content: 'Weather in Paris?' }],
    tools: [{ name: 'get_weather', description: 'w', parameters: { type: 'object' } }],
  },
  recorded: [{ name: 'get_weather', arguments: '{"city":"Paris"}', result: '18 °C', isError: false }],
  checks: [
    { kind: 'calls_tool', tool: 'get_weather' },
    { kind: 'judge', question: 'Does it give a temperature?', judgeModel: 'j', threshold: 0.5 },
  ],
};

const judgeCall = (verdict: JudgeCall['verdict']): JudgeCall => ({
  model: 'j',
  verdict,
  probability: null,
  words: `The judge (j) ${verdict === 'failed' ? 'failed: HTTP 400' : `said ${verdict}`}`,
  inputTokens: null,
  outputTokens: null,
  costUsd: 0,
});

function deps(judge: JudgeCall['verdict']): SuiteRunDeps {
  let n = 0;
  return {
    runAgent,
    validate: argsValidatorOn(createInProcessValidator()),
    judge: async () => judgeCall(judge),
    priceOf: () => null,
    newId: () => `id-${n++}`,
    now: () => 1000,
    openCellSession: async (c) => ({
      sessionId: `session-${n++}`,
      history: c.request.messages,
      emit: () => undefined,
      close: async () => undefined,
    }),
    saveRun: async () => undefined,
  };
}

/** The kind of the one cell of `judged` run on a model answering `steps`, with a judge that says `judge`. */
async function kindOf(steps: Parameters<typeof scriptedModel>[0], judge: JudgeCall['verdict'] = 'yes') {
  const run = await runSuite(
    's',
    ['m'],
    [judged],
    [{ label: 'm', model: 'm', client: scriptedModel(steps) }],
    deps(judge),
    new AbortController().signal,
    () => undefined,
  );
  const cell = run.cells[0];
  if (!cell) throw new Error('no cell');
  return { verdict: cell.verdict, kind: cellFailure(cell) };
}

const answered = () => [
  toolCallsReply([{ id: 'a', name: 'get_weather', args: '{"city":"Paris"}' }]),
  textReply(['It is 18 °C.']),
];

describe('cellFailure (the page runner)', () => {
  it("tells a model not reached from a failed check and a failed judge, on the runner's own cells", async () => {
    expect(await kindOf(answered())).toEqual({ verdict: 'pass', kind: null });
    expect(await kindOf([httpError(400, 'The model `m` does not support this request.')])).toEqual({
      verdict: 'fail',
      kind: 'not_reached',
    });
    expect(await kindOf([textReply(['Sunny.'])])).toEqual({ verdict: 'fail', kind: 'check_failed' });
    expect(await kindOf(answered(), 'no')).toEqual({ verdict: 'fail', kind: 'check_failed' });
    expect(await kindOf(answered(), 'failed')).toEqual({ verdict: 'fail', kind: 'judge_failed' });
    // A failed check beside a failed judge: the judge's verdict is the one not known.
    expect(await kindOf([textReply(['Sunny.'])], 'failed')).toEqual({ verdict: 'fail', kind: 'judge_failed' });
    // A call with no recorded result: the model answered, so a check failed, though the run stopped there.
    expect(await kindOf([toolCallsReply([{ id: 'a', name: 'get_weather', args: '{"city":"Lyon"}' }])])).toEqual({
      verdict: 'fail',
      kind: 'check_failed',
    });
  });

  it('reads a case that could not start as not reached, and a cell that did not fail as none', () => {
    expect(cellFailure({ verdict: 'fail', reasons: ['The case could not run: the database is closed'] })).toBe(
      'not_reached',
    );
    expect(cellFailure({ verdict: 'stopped', reasons: ['Stopped before it finished.'] })).toBeNull();
  });
});

describe('promptfooFailure (a result of promptfoo eval -o results.json)', () => {
  it('tells a target error from a failed assertion and a grader that failed', () => {
    expect(promptfooFailure({ success: true, failureReason: 0 })).toBeNull();
    expect(
      promptfooFailure({
        success: false,
        failureReason: PROMPTFOO_ERROR,
        error: 'API error: 400 Bad Request',
        response: { error: 'API error: 400 Bad Request' },
      }),
    ).toBe('not_reached');
    const rubric = (pass: boolean, graderError: boolean) => ({
      pass,
      reason: 'r',
      ...(graderError ? { metadata: { graderError: true } } : {}),
    });
    expect(
      promptfooFailure({
        success: false,
        failureReason: PROMPTFOO_ASSERT,
        gradingResult: { componentResults: [rubric(false, false), rubric(true, false)] },
      }),
    ).toBe('check_failed');
    expect(
      promptfooFailure({
        success: false,
        failureReason: PROMPTFOO_ASSERT,
        gradingResult: { componentResults: [rubric(false, false), rubric(false, true)] },
      }),
    ).toBe('judge_failed');
    // An assertion that threw, with no error from the target: the page says the cost is not known, a failed check.
    expect(
      promptfooFailure({
        success: false,
        failureReason: PROMPTFOO_ERROR,
        error: 'Error: Cost assertion does not support providers that do not return cost',
        response: { output: 'x' },
      }),
    ).toBe('check_failed');
    // No output at all ("No output", reason NONE): the model answered with nothing to pass a check.
    expect(promptfooFailure({ success: false, failureReason: 0, error: 'No output' })).toBe('check_failed');
  });
});
