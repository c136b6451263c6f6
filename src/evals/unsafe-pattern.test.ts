import { describe, expect, it } from 'vitest';
import { scriptedModel, textReply } from '../agent/testing/scripted-model';
import type { EvalCaseRecord, EvalRunRecord } from '../domain/eval-case';
import { createInProcessValidator } from '../tools/validation/in-process-validator';
import { argsValidatorOn } from './args-validator';
import { checkFailure, patternProblem, unusablePatterns } from './checks';
import { runSuite } from './run-suite';
import { suiteRunDeps } from './testing/suite-run-deps';
import { buildSuiteFile, parseSuiteFile, suiteFromFile, suiteImportNotice } from './suite-file';

// A pattern that backtracks for exponential time: against forty "a" and a "!" a plain RegExp would not come back.
const CATASTROPHIC = '^(a+)+$';
const NEAR_MISS = `${'a'.repeat(40)}!`;

const request = {
  model: 'orig',
  messages: [{ id: 'u1', createdAt: 1, role: 'user' as const, content: 'Say it.' }],
  tools: [],
};
const hostile: EvalCaseRecord = {
  id: 'c1',
  suiteId: 's',
  name: 'Hostile',
  createdAt: 1,
  updatedAt: 1,
  request,
  recorded: [],
  checks: [
    { kind: 'answer_matches', pattern: CATASTROPHIC },
    { kind: 'answer_contains', text: 'aaa' },
  ],
};
const plain: EvalCaseRecord = {
  ...hostile,
  id: 'c2',
  name: 'Plain',
  checks: [{ kind: 'answer_matches', pattern: '^a+!$' }],
};

describe('a catastrophic "Answer matches" pattern', () => {
  it('is refused with a sentence that names it and says how to rewrite it; safe patterns are not', () => {
    expect(patternProblem(CATASTROPHIC)).toBe(
      'The regular expression cannot be used: the pattern "^(a+)+$" can take exponential time on some inputs: it repeats a part that itself repeats (like "(a+)+"), so a near-miss makes the check try every way of splitting the text. Rewrite it so each character can be matched only one way (e.g. "^[a-z]+(-[a-z]+)*$" rather than "^([a-z]+-?)*$").',
    );
    expect(patternProblem('(a|ab)*c')).toMatch(
      /^The regular expression cannot be used: .*a choice whose options can match the same text/,
    );
    // Patterns that are fine without the "u" flag are read as the check runs them.
    expect(patternProblem('^\\-?\\d+(\\.\\d+)?$')).toBeNull();
    expect(patternProblem('^[a-z]+(-[a-z]+)*$')).toBeNull();
  });

  it('fails its check without running it, even against the near-miss', async () => {
    const outcome = { answer: NEAR_MISS, toolCalls: [], costUsd: 0, error: null };
    const reason = await checkFailure(
      { kind: 'answer_matches', pattern: CATASTROPHIC },
      outcome,
      argsValidatorOn(createInProcessValidator()),
    );
    expect(reason).toMatch(
      /^The regular expression cannot be used: the pattern "\^\(a\+\)\+\$" can take exponential time/,
    );
    expect(reason?.endsWith('.')).toBe(true);
  });

  it('in an imported suite: the import says which check will fail, and the rest of the suite still runs', async () => {
    const text = JSON.stringify(
      buildSuiteFile({ id: 's', name: 'From CI', createdAt: 1, updatedAt: 1 }, [hostile, plain], null, new Date(0)),
    );
    const parsed = parseSuiteFile(text);
    if (!parsed.ok) throw new Error(parsed.message);
    const { cases } = suiteFromFile(
      parsed.file,
      (() => {
        let n = 0;
        return () => `new-${n++}`;
      })(),
      5,
    );
    const notice = suiteImportNotice('From CI', unusablePatterns(cases));
    expect(notice).toMatch(
      /^Imported the suite "From CI"\. One "Answer matches" check will fail without running until you edit it \(Edit checks\): Hostile: The regular expression cannot be used: the pattern "\^\(a\+\)\+\$"/,
    );
    expect(notice).not.toContain('Plain');

    const saved: EvalRunRecord[] = [];
    const model = { label: 'm', model: 'm', client: scriptedModel([textReply([NEAR_MISS]), textReply([NEAR_MISS])]) };
    const deps = suiteRunDeps({ concurrency: 1 }, saved);
    const run = await runSuite('s', ['m'], cases, [model], deps, new AbortController().signal, () => undefined);
    expect(run.state).toBe('finished');
    const [bad, good] = run.cells;
    expect(bad).toMatchObject({ caseName: 'Hostile', verdict: 'fail' });
    // Only the unusable check fails; the case's other check still ran and passed.
    expect(bad?.reasons).toHaveLength(1);
    expect(bad?.reasons[0]).toMatch(/^The regular expression cannot be used/);
    expect(good).toMatchObject({ caseName: 'Plain', verdict: 'pass', reasons: [] });
  });
});
