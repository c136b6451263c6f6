/**
 * The source of the suite file's JSON Schema (version 3; it reads versions 1 and 2 too: 2 added each cell's optional
 * `transcript`, 3 the optional `repeats`, each run's `repeat` and `judge`, and the judge check). The checked-in copies
 * (src/evals/suite-schema.json and public/schema/toolscope-suite-v3.json; public/schema/toolscope-suite-v1.json and
 * -v2.json stay as published) are written from it by `npx tsx src/evals/write-suite-schema.ts`; a test
 * keeps the three equal. Closed objects with finite bounds, built like the session file's (io/session-file/schema-source.ts) with the
 * same builders (io/session-file/schema-builders.ts).
 */
import { CELL_VERDICTS, REPEATS_MAX, REPEATS_MIN } from '../domain/eval-case';
import { ASSISTANT_STATUSES, TOOL_OUTCOMES } from '../domain/messages';
import {
  count,
  list as listOf,
  ms,
  nullable,
  obj,
  ref,
  str,
  tagged,
  type Schema,
} from '../io/session-file/schema-builders';

const ID = 256;
const NAME = 256;
const TEXT = 5_000_000;
const LIST = 10_000;

const list = (items: Schema, maxItems = LIST): Schema => listOf(items, maxItems);
const jsonObject = (): Schema => ({ type: 'object' });

function message(): Schema {
  const base = { id: str(ID), createdAt: ms() };
  return tagged(
    'role',
    {
      system: { ...base, content: str(TEXT), summaryOf: list(str(ID)) },
      user: { ...base, content: str(TEXT) },
      assistant: {
        ...base,
        content: str(TEXT),
        reasoning: str(TEXT),
        refusal: nullable(str(TEXT)),
        toolCalls: list(obj({ id: str(ID), name: str(NAME), arguments: str(TEXT) })),
        status: { enum: [...ASSISTANT_STATUSES] },
        runId: str(ID),
        turn: count(),
      },
      tool: {
        ...base,
        toolCallId: str(ID),
        name: str(NAME),
        content: str(TEXT),
        isError: { type: 'boolean' },
        outcome: { enum: [...TOOL_OUTCOMES] },
        runId: str(ID),
        turn: count(),
      },
    },
    { system: ['summaryOf'] },
  );
}

function check(): Schema {
  return tagged('kind', {
    calls_tool: { tool: str(NAME) },
    arguments_match: { tool: str(NAME), schema: jsonObject() },
    answer_contains: { text: str(TEXT) },
    answer_matches: { pattern: str(10_000) },
    max_cost: { usd: { type: 'number', minimum: 0, maximum: 1_000_000 } },
    judge: { question: str(TEXT), judgeModel: str(2_000), threshold: { type: 'number', minimum: 0, maximum: 1 } },
  });
}

const repeats = (): Schema => ({ type: 'integer', minimum: REPEATS_MIN, maximum: REPEATS_MAX });

function judgeCall(): Schema {
  const tokens = nullable(count());
  return obj({
    model: str(2_000),
    verdict: { enum: ['yes', 'no', 'failed'] },
    probability: nullable({ type: 'number', minimum: 0, maximum: 1 }),
    words: str(TEXT),
    inputTokens: tokens,
    outputTokens: tokens,
    costUsd: nullable({ type: 'number', minimum: 0 }),
  });
}

export function buildSuiteSchema(): Schema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://toolscope.local/schema/toolscope-suite-v3.json',
    title: 'Toolscope test suite, version 3 (reads versions 1 and 2)',
    description:
      'A suite of test cases: each freezes one model request (messages, tools, parameters) and the ' +
      'recorded tool results answering its calls. Never holds a key.',
    type: 'object',
    properties: {
      format: { const: 'toolscope-suite' },
      version: { enum: [1, 2, 3] },
      exportedAt: { type: 'string', format: 'date-time' },
      app: obj({ name: { const: 'toolscope' }, version: str(NAME) }),
      repeats: repeats(),
      suite: obj({ name: str(NAME) }),
      cases: list(ref('case')),
      runs: list(ref('run'), 100_000),
    },
    required: ['format', 'version', 'exportedAt', 'app', 'suite', 'cases'],
    additionalProperties: false,
    definitions: {
      message: message(),
      check: check(),
      case: obj({
        id: str(ID),
        name: str(NAME),
        request: obj(
          {
            model: str(NAME),
            systemPrompt: str(TEXT),
            messages: list(ref('message'), 500_000),
            tools: list(obj({ name: str(NAME), description: str(TEXT), parameters: jsonObject() })),
            temperature: { type: 'number', minimum: 0, maximum: 2 },
            maxOutputTokens: count(),
          },
          ['systemPrompt', 'temperature', 'maxOutputTokens'],
        ),
        recorded: list(
          obj({ name: str(NAME), arguments: str(TEXT), result: str(TEXT), isError: { type: 'boolean' } }),
          500_000,
        ),
        // A case with no checks could never fail (architecture.md, "Test cases and suites").
        checks: { ...list(ref('check'), 100), minItems: 1 },
      }),
      run: obj(
        {
          startedAt: ms(),
          finishedAt: nullable(ms()),
          models: list(str(2_000), 100),
          repeats: repeats(),
          state: { enum: ['running', 'finished', 'stopped'] },
          cells: list(
            obj(
              {
                caseId: str(ID),
                caseName: str(NAME),
                model: str(2_000),
                // Version 3: which repeat of its case x model this run is, and its judge requests (their cost apart).
                repeat: { type: 'integer', minimum: 0, maximum: REPEATS_MAX - 1 },
                verdict: { enum: [...CELL_VERDICTS] },
                reasons: list(str(TEXT), 200),
                costUsd: nullable({ type: 'number', minimum: 0 }),
                ttftMs: nullable(ms()),
                durationMs: nullable(ms()),
                // Version 2: the messages of the cell's run session, so the reader can see why it failed.
                transcript: list(ref('message'), 500_000),
                judge: list(judgeCall(), 100),
              },
              ['transcript', 'repeat', 'judge'],
            ),
            1_000_000,
          ),
        },
        ['repeats'],
      ),
    },
  };
}
