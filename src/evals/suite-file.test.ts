import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EvalCaseRecord, EvalRunRecord } from '../domain/eval-case';
import { buildSuiteSchema } from './suite-schema-source';
import { buildSuiteFile, parseSuiteFile, suiteFromFile } from './suite-file';

const read = (rel: string) => readFileSync(new URL(rel, import.meta.url), 'utf8');

const weatherCase: EvalCaseRecord = {
  id: 'c1',
  suiteId: 's1',
  name: 'Weather in Paris',
  createdAt: 1,
  updatedAt: 1,
  source: { sessionId: 'sess', messageId: 'm2' },
  request: {
    model: 'gpt-x',
    systemPrompt: 'You are helpful. Today is 2026-11-27 09:00.',
    messages: [{ id: 'm1', createdAt: 1, role: 'user', content: 'Weather in Paris?' }],
    tools: [
      {
        name: 'get_weather',
        description: 'Weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    ],
    temperature: 0.2,
  },
  recorded: [{ name: 'get_weather', arguments: '{"city":"Paris"}', result: '18 °C', isError: false }],
  checks: [
    { kind: 'calls_tool', tool: 'get_weather' },
    { kind: 'arguments_match', tool: 'get_weather', schema: { type: 'object', required: ['city'] } },
  ],
};
const run: EvalRunRecord = {
  id: 'r1',
  suiteId: 's1',
  startedAt: 5,
  finishedAt: null,
  models: ['a', 'b @ http://127.0.0.1:1/v1'],
  state: 'running',
  cells: [
    {
      caseId: 'c1',
      caseName: 'Weather in Paris',
      model: 'a',
      verdict: 'pass',
      reasons: [],
      sessionId: 'x',
      costUsd: 0.001,
      ttftMs: 12,
      durationMs: 40,
    },
    {
      caseId: 'c1',
      caseName: 'Weather in Paris',
      model: 'b',
      verdict: 'pending',
      reasons: [],
      costUsd: null,
      ttftMs: null,
      durationMs: null,
    },
  ],
};

describe('the suite file', () => {
  it('publishes one schema: the source and both checked-in copies agree', () => {
    const text = `${JSON.stringify(buildSuiteSchema(), null, 2)}\n`;
    expect(read('./suite-schema.json')).toBe(text);
    expect(read('../../public/schema/toolscope-suite-v3.json')).toBe(text);
  });

  it('round-trips cases and runs under new ids, without the run sessions; an unfinished run comes back stopped', () => {
    const file = buildSuiteFile(
      { id: 's1', name: 'Weather', createdAt: 1, updatedAt: 1 },
      [weatherCase],
      [run],
      new Date(Date.UTC(2026, 10, 27)),
    );
    expect(file).toMatchObject({
      format: 'toolscope-suite',
      version: 3,
      repeats: 1,
      exportedAt: '2026-11-27T00:00:00.000Z',
      suite: { name: 'Weather' },
    });
    const text = JSON.stringify(file);
    expect(text).not.toContain('"sessionId"');
    const parsed = parseSuiteFile(text);
    if (!parsed.ok) throw new Error(parsed.message);
    let n = 0;
    const back = suiteFromFile(parsed.file, () => `new-${n++}`, 99);
    expect(back.suite).toEqual({ id: 'new-0', name: 'Weather', createdAt: 99, updatedAt: 99 });
    expect(back.cases[0]).toMatchObject({
      id: 'new-1',
      suiteId: 'new-0',
      request: weatherCase.request,
      recorded: weatherCase.recorded,
      checks: weatherCase.checks,
    });
    expect(back.runs[0]).toMatchObject({ suiteId: 'new-0', state: 'stopped' });
    expect(back.runs[0]?.cells.map((c) => [c.caseId, c.verdict])).toEqual([
      ['new-1', 'pass'],
      ['new-1', 'stopped'],
    ]);
  });

  it('reads a version 1 file as it was published (frozen fixture): cases and runs, no transcripts', () => {
    const parsed = parseSuiteFile(read('./fixtures/suite-v1.json'));
    if (!parsed.ok) throw new Error(parsed.message);
    // Read as version 3: one run per case x model was its Repeats.
    expect(parsed.file).toMatchObject({ version: 3, repeats: 1 });
    let n = 0;
    const back = suiteFromFile(parsed.file, () => `new-${n++}`, 99);
    expect(back.suite.name).toBe('Weather');
    expect(back.cases.map((c) => [c.name, c.checks.length])).toEqual([['Weather in Paris', 2]]);
    expect(back.runs[0]?.cells[0]).toMatchObject({
      caseId: back.cases[0]?.id,
      verdict: 'fail',
      reasons: ['The answer does not contain “18 °C”.'],
    });
    expect(back.runs[0]?.cells[0]?.sessionId).toBeUndefined();
    expect(back.transcripts).toEqual([]);
  });

  it('reads a version 2 file as it was published (frozen fixture) and upgrades it: Repeats 1, each run once, transcripts kept', () => {
    const text = read('./fixtures/suite-v2.json');
    expect(JSON.parse(text)).toMatchObject({ version: 2 });
    expect(JSON.parse(text)).not.toHaveProperty('repeats');
    const parsed = parseSuiteFile(text);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.file).toMatchObject({ version: 3, repeats: 1 });
    let n = 0;
    const back = suiteFromFile(parsed.file, () => `new-${n++}`, 99);
    expect(back.suite.repeats).toBeUndefined();
    expect(back.runs[0]?.repeats).toBeUndefined();
    expect(back.runs[0]?.cells.map((c) => [c.model, c.verdict, c.repeat])).toEqual([
      ['mock-pass', 'pass', undefined],
      ['mock-partial', 'fail', undefined],
    ]);
    expect(back.transcripts.map((t) => t.messages.map((m) => m.role))).toEqual([['user', 'assistant']]);
  });

  it("carries Repeats, each run's repeat and judge requests, and judge checks (version 3)", () => {
    const judged: EvalCaseRecord = {
      ...weatherCase,
      checks: [
        {
          kind: 'judge',
          question: 'Does it give a temperature?',
          judgeModel: 'judge-m @ http://127.0.0.1:1/v1',
          threshold: 0.7,
        },
      ],
    };
    const call = {
      model: 'judge-m @ http://127.0.0.1:1/v1',
      verdict: 'no' as const,
      probability: 0.12,
      words: 'The judge (judge-m @ http://127.0.0.1:1/v1) said no, 0.12',
      inputTokens: 40,
      outputTokens: 1,
      costUsd: 0.00001,
    };
    const repeated: EvalRunRecord = {
      ...run,
      state: 'finished',
      repeats: 2,
      cells: [0, 1].map((repeat) => ({
        caseId: 'c1',
        caseName: 'Weather in Paris',
        model: 'a',
        repeat,
        verdict: 'fail' as const,
        reasons: [call.words],
        judge: [call],
        costUsd: 0.001,
        ttftMs: 1,
        durationMs: 2,
      })),
    };
    const file = buildSuiteFile(
      { id: 's1', name: 'W', createdAt: 1, updatedAt: 1, repeats: 2 },
      [judged],
      [repeated],
      new Date(),
    );
    expect(file).toMatchObject({ version: 3, repeats: 2 });
    const parsed = parseSuiteFile(JSON.stringify(file));
    if (!parsed.ok) throw new Error(parsed.message);
    let n = 0;
    const back = suiteFromFile(parsed.file, () => `new-${n++}`, 99);
    expect(back.suite.repeats).toBe(2);
    expect(back.cases[0]?.checks).toEqual(judged.checks);
    expect(back.runs[0]).toMatchObject({ repeats: 2 });
    expect(back.runs[0]?.cells.map((c) => [c.repeat, c.judge])).toEqual([
      [0, [call]],
      [1, [call]],
    ]);
    const badThreshold = { ...file, cases: [{ ...file.cases[0], checks: [{ ...judged.checks[0], threshold: 2 }] }] };
    expect(parseSuiteFile(JSON.stringify(badThreshold))).toEqual({
      ok: false,
      message: expect.stringMatching(/threshold/),
    });
    expect(parseSuiteFile(JSON.stringify({ ...file, repeats: 21 }))).toEqual({
      ok: false,
      message: expect.stringMatching(/\$\.repeats/),
    });
  });

  it('without runs when not asked', () => {
    const file = buildSuiteFile({ id: 's1', name: 'W', createdAt: 1, updatedAt: 1 }, [weatherCase], null, new Date());
    expect('runs' in file).toBe(false);
    expect(parseSuiteFile(JSON.stringify(file)).ok).toBe(true);
  });

  it('refuses what is not a suite file, in sentences', () => {
    expect(parseSuiteFile('{')).toEqual({ ok: false, message: expect.stringMatching(/not JSON/) });
    expect(parseSuiteFile('{"format":"toolscope-session","version":1}')).toEqual({
      ok: false,
      message: expect.stringMatching(/not a Toolscope suite/),
    });
    expect(parseSuiteFile('{"format":"toolscope-suite","version":4}')).toEqual({
      ok: false,
      message: expect.stringMatching(/version 4; this Toolscope reads versions 1 to 3/),
    });
    const file = buildSuiteFile({ id: 's1', name: 'W', createdAt: 1, updatedAt: 1 }, [weatherCase], null, new Date());
    const withKey = { ...file, apiKey: 'sk-secret' };
    expect(parseSuiteFile(JSON.stringify(withKey))).toEqual({
      ok: false,
      message: expect.stringMatching(/does not match its format/),
    });
    const badCheck = { ...file, cases: [{ ...file.cases[0], checks: [{ kind: 'runs_forever' }] }] };
    expect(parseSuiteFile(JSON.stringify(badCheck))).toEqual({
      ok: false,
      message: expect.stringMatching(/\$\.cases\[0\]\.checks\[0\]/),
    });
  });

  it('refuses a case with no checks, naming it: such a case could never fail', () => {
    const file = buildSuiteFile(
      { id: 's1', name: 'W', createdAt: 1, updatedAt: 1 },
      [weatherCase, { ...weatherCase, id: 'c2', name: 'Always green' }],
      null,
      new Date(),
    );
    const empty = { ...file, cases: [file.cases[0], { ...file.cases[1], checks: [] }] };
    expect(parseSuiteFile(JSON.stringify(empty))).toEqual({
      ok: false,
      message:
        'This suite has a case with no checks ("Always green"), which could never fail, so nothing was imported. Give each case at least one check, then export it again.',
    });
    // The schema holds the rule too, for files read by other tools.
    const schemaCase = (
      buildSuiteSchema() as { definitions: { case: { properties: { checks: { minItems?: number } } } } }
    ).definitions.case.properties.checks;
    expect(schemaCase.minItems).toBe(1);
  });
});
