/**
 * The promptfoo agreement check (run by evals-ci/run.mjs on the app's Node, through tsx): a suite run by the page's
 * own runner (evals/run-suite.ts: the agent loop, the recorded tools, the checks) and the same suite exported as a
 * promptfoo config (evals/promptfoo-config.ts) run by the real promptfoo CLI, both against the project's mock server;
 * every case x model verdict of each side must be the one pinned in expected-verdicts.json (evals/verdict-agreement.ts),
 * with the kind of each failure (evals/failure-kind.ts: the model not reached, a check failed, the judge failed), where
 * a pinned difference says why. promptfoo runs on this process's Node.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockServer, type ChatRequest, type StaticStep } from '../e2e/server/mock-server';
import { runAgent } from '../src/agent/loop';
import type { EvalCaseRecord } from '../src/domain/eval-case';
import type { SchemaArgsValidator } from '../src/evals/checks';
import { askJudge } from '../src/evals/judge';
import { createJudgeSend } from '../src/evals/judge-send';
import { cellFailure, promptfooFailure, type FailureKind, type PromptfooResult } from '../src/evals/failure-kind';
import { promptfooConfig } from '../src/evals/promptfoo-config';
import { PROMPTFOO_KEY_VARS, promptfooTarget } from '../src/evals/promptfoo-providers';
import { runSuite } from '../src/evals/run-suite';
import { tableCells, tableVerdict } from '../src/evals/suite-summary';
import { compareVerdicts, type GradedCell, type PinnedCell } from '../src/evals/verdict-agreement';
import { createCompleteChat } from '../src/llm/chat-completion';
import type { WireSettings } from '../src/llm/api-format';
import { runModelClient } from '../src/store/run/lazy-model-client';
import { createAjv } from '../src/tools/ajv-factory';
import { endsAtUser, generationOf, modelOf } from './mock-request';

const here = dirname(fileURLToPath(import.meta.url));
const KEY = 'sk-evals-ci';

// Ajv as the page's validation worker configures it (tools/ajv-factory.ts); the worker's module graph reaches a
// CommonJS-only parser that tsx's plain ESM loading cannot import, so the check compiles here directly.
const validate: SchemaArgsValidator = async (schema, args) => {
  const check = createAjv().compile(schema);
  return check(args)
    ? []
    : (check.errors ?? []).map((e) => ({ path: e.instancePath, message: e.message ?? 'is not valid' }));
};
// gpt-4o-mini is served by the mock too: promptfoo prices it from its own table, and the page is given the same price,
// so a cost check can pass on both sides (the mock-* models have no price, so one fails on both).
// mock-claude and gemini-mock answer as mock-pass, in Anthropic Messages (/v1/messages) and Gemini (/v1beta): the
// page's Anthropic and Gemini clients on one side, promptfoo's Anthropic and Google providers on the other. The Gemini
// one's name starts with "gemini": promptfoo's Google provider sends any other name to the old PaLM API.
const MODELS = ['mock-pass', 'mock-partial', 'mock-error', 'gpt-4o-mini', 'mock-flaky', 'mock-claude', 'gemini-mock'];
/** The API each model is spoken to in (Chat Completions when absent), with the output limit both sides send. */
const NATIVE: Readonly<Record<string, WireSettings>> = {
  'mock-claude': { format: 'anthropic', providerTools: [], providerStorage: false, maxOutputTokens: 300 },
  'gemini-mock': {
    format: 'gemini',
    providerTools: [],
    providerStorage: false,
    maxOutputTokens: 300,
    thinkingBudget: 128,
  },
};
const CHAT_WIRE: WireSettings = { format: 'chat', providerTools: [], providerStorage: false };
const PRICED = { 'gpt-4o-mini': { input: 0.15, output: 0.6 } } as const;
/** Each case x model runs this often on both sides (the suite's `repeats`, promptfoo's `repeat`). */
const REPEATS = 3;

/**
 * mock-flaky answers as mock-pass, but the second of every three requests with the same messages gets a wrong answer
 * (no tool call, no temperature): over three repeats a case it is graded on is flaky, whatever order they run in. Each
 * side counts afresh (`resetFlaky`); a later step of a run carries new call ids, so only a run's first step is counted.
 */
const seen = new Map<string, number>();
const resetFlaky = () => seen.clear();
function flakyWrong(req: ChatRequest): boolean {
  const key = JSON.stringify(req.body.messages);
  const n = seen.get(key) ?? 0;
  seen.set(key, n + 1);
  return n % 3 === 1;
}

/**
 * The judge models: mock-judge says yes when the answer it is shown gives a temperature (°C), no otherwise, in the
 * shape each grader asks for: the page's yes/no question gets one word with logprobs (0.93 or 0.12 for yes),
 * promptfoo's llm-rubric prompt (a JSON object, pass and score) gets that object with the same score.
 * mock-judge-down refuses every request.
 */
function judgeStep(req: ChatRequest): StaticStep {
  const messages = req.body.messages ?? [];
  const shown = messages.map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content))).join('\n');
  const yes = shown.includes('°C');
  const p = yes ? 0.93 : 0.12;
  if (/JSON object/.test(shown))
    return {
      kind: 'text',
      content: JSON.stringify({
        reason: yes ? 'It gives a temperature.' : 'It gives no temperature.',
        pass: yes,
        score: p,
      }),
    };
  return {
    kind: 'text',
    content: yes ? 'yes' : 'no',
    topLogprobs: [
      { token: yes ? 'yes' : 'no', logprob: Math.log(yes ? p : 1 - p) },
      { token: yes ? 'no' : 'yes', logprob: Math.log(yes ? 1 - p : p) },
    ],
  };
}

/**
 * mock-pass takes at most this many characters of message text: a longer request ("Long question") is refused, as a
 * provider refuses one past its context window, so the model is not reached on that case alone.
 */
const MOCK_PASS_WINDOW = 1000;
const textLength = (req: ChatRequest) =>
  (req.body.messages ?? []).reduce(
    (n, m) => n + (typeof m.content === 'string' ? m.content.length : JSON.stringify(m.content ?? '').length),
    0,
  );

/** One answer per request, by model: the step itself is what both runners grade. */
function byModel(req: ChatRequest): StaticStep {
  const model = modelOf(req);
  if (model === 'mock-judge') return judgeStep(req);
  if (model === 'mock-pass' && textLength(req) > MOCK_PASS_WINDOW)
    return {
      kind: 'http_error',
      status: 400,
      message: `This model's context window is ${MOCK_PASS_WINDOW} characters; the messages are ${textLength(req)}.`,
      code: 'context_length_exceeded',
    };
  if (model === 'mock-judge-down')
    return {
      kind: 'http_error',
      status: 400,
      message: 'The judge `mock-judge-down` cannot grade anything.',
      code: 'invalid_request_error',
    };
  // A 400, not a 404: promptfoo ends the whole eval at a 401, 403 or 404 from any target ("will not resolve on retry").
  if (model === 'mock-error')
    return {
      kind: 'http_error',
      status: 400,
      message: 'The model `mock-error` does not support this request.',
      code: 'invalid_request_error',
    };
  const wrong = model === 'mock-partial' || (model === 'mock-flaky' && flakyWrong(req));
  if (endsAtUser(req))
    return wrong && model === 'mock-flaky'
      ? { kind: 'text', content: 'Sunny and mild.' }
      : { kind: 'tool_calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] };
  return { kind: 'text', content: wrong ? 'Sunny and mild.' : 'It is 18 °C in Paris.' };
}

/**
 * One side's runs of a case on a model, as one verdict over the repeats (pass every time, fail, or flaky), with the
 * kinds of its failed runs, each once.
 */
function overRepeats(
  runs: readonly {
    caseName: string;
    model: string;
    verdict: 'pass' | 'fail';
    failure: FailureKind | null;
    reason?: string;
  }[],
): GradedCell[] {
  const groups = new Map<string, (typeof runs)[number][]>();
  for (const r of runs)
    groups.set(`${r.caseName}\u0000${r.model}`, [...(groups.get(`${r.caseName}\u0000${r.model}`) ?? []), r]);
  return [...groups.values()].flatMap((g) => {
    const first = g[0];
    if (!first) return [];
    const verdict = tableVerdict(g);
    const reason = g.find((r) => r.reason)?.reason;
    const failures = [...new Set(g.flatMap((r) => (r.failure ? [r.failure] : [])))].sort();
    return [
      {
        caseName: first.caseName,
        model: first.model,
        verdict: verdict === 'flaky' ? 'flaky' : verdict === 'pass' ? 'pass' : 'fail',
        ...(failures.length > 0 ? { failures } : {}),
        ...(g.length !== REPEATS ? { reason: `${g.length} runs, not ${REPEATS}` } : reason ? { reason } : {}),
      },
    ];
  });
}

const cases = (
  JSON.parse(readFileSync(join(here, 'suite.json'), 'utf8')) as {
    cases: Omit<EvalCaseRecord, 'suiteId' | 'createdAt' | 'updatedAt'>[];
  }
).cases.map((c): EvalCaseRecord => ({ ...c, suiteId: 'ci', createdAt: 0, updatedAt: 0 }));

const mock = await startMockServer({ apiKey: KEY, defaultStep: byModel });
// The Gemini API's paths start at the origin (`/v1beta/…`); the others at `/v1`.
const baseURLOf = (model: string) => (NATIVE[model]?.format === 'gemini' ? mock.origin : mock.url);
const dir = mkdtempSync(join(tmpdir(), 'toolscope-promptfoo-'));
try {
  let n = 0;
  const run = await runSuite(
    'ci',
    MODELS,
    cases,
    // Each client as the endpoint door opens it (store/run/lazy-model-client.ts), in the model's API.
    MODELS.map((model) => ({
      label: model,
      model,
      client: runModelClient({ apiKey: KEY, baseURL: baseURLOf(model), wire: NATIVE[model] ?? CHAT_WIRE }),
    })),
    {
      runAgent,
      validate,
      judge: (check, answer, signal) =>
        askJudge(
          check,
          answer,
          { model: check.judgeModel, send: createJudgeSend(createCompleteChat({ apiKey: KEY, baseURL: mock.url })) },
          null,
          signal,
        ),
      priceOf: (m) => (m in PRICED ? PRICED[m as keyof typeof PRICED] : null),
      newId: () => `id-${n++}`,
      now: () => Date.now(),
      openCellSession: async (c) => ({
        sessionId: `s-${n++}`,
        history: c.request.messages,
        emit: () => undefined,
        close: async () => undefined,
      }),
      saveRun: async () => undefined,
    },
    new AbortController().signal,
    () => undefined,
    REPEATS,
  );
  const table = tableCells(run);
  process.stdout.write(
    `page runner: ${table.map((c) => `${c.caseName} on ${c.model}: ${c.verdict} (${c.passed} of ${c.runs.length})`).join('; ')}\n`,
  );
  const page = overRepeats(
    run.cells.map((c) => ({
      caseName: c.caseName,
      model: c.model,
      verdict: c.verdict === 'pass' ? 'pass' : 'fail',
      failure: cellFailure(c),
      ...(c.reasons[0] ? { reason: c.reasons[0] } : {}),
    })),
  );

  resetFlaky();
  const configPath = join(dir, 'promptfooconfig.yaml');
  writeFileSync(
    configPath,
    promptfooConfig(
      'CI',
      cases,
      MODELS.map((model) => promptfooTarget(model, baseURLOf(model), NATIVE[model] ?? CHAT_WIRE)),
      { repeats: REPEATS, ownBaseURL: mock.url },
    ),
  );
  const out = join(dir, 'results.json');
  const cli = join(here, 'node_modules', 'promptfoo', 'dist', 'src', 'main.js');
  const started = Date.now();
  const promptfooFrom = mock.requests.length;
  // Not spawnSync: the mock server answering promptfoo lives in this process's event loop.
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      [cli, 'eval', '-c', configPath, '-o', out, '--no-cache', '--no-progress-bar', '--max-concurrency', '4'],
      {
        cwd: dir,
        stdio: 'inherit',
        env: {
          ...process.env,
          ...Object.fromEntries(Object.values(PROMPTFOO_KEY_VARS).map((name) => [name, KEY])),
          PROMPTFOO_CONFIG_DIR: join(dir, 'home'),
          PROMPTFOO_DISABLE_TELEMETRY: '1',
          PROMPTFOO_DISABLE_UPDATE: '1',
          PROMPTFOO_DISABLE_REMOTE_GENERATION: '1',
          PROMPTFOO_DISABLE_SHARING: '1',
          NO_COLOR: '1',
        },
      },
    );
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  type Row = PromptfooResult & { provider?: { id?: string; label?: string }; testCase?: { description?: string } };
  const parsed = JSON.parse(readFileSync(out, 'utf8')) as { results: { results: Row[] } | Row[] };
  const rows = Array.isArray(parsed.results) ? parsed.results : parsed.results.results;
  const promptfoo = overRepeats(
    rows.map((r) => ({
      caseName: r.testCase?.description ?? '?',
      model: r.provider?.label ?? r.provider?.id?.replace(/^openai:chat:/, '') ?? '?',
      verdict: r.success ? 'pass' : 'fail',
      failure: promptfooFailure(r),
      ...(r.success ? {} : { reason: (r.gradingResult?.reason ?? r.error ?? '?').slice(0, 200) }),
    })),
  );
  const pins = (JSON.parse(readFileSync(join(here, 'expected-verdicts.json'), 'utf8')) as { cells: PinnedCell[] })
    .cells;
  const agreement = compareVerdicts(page, promptfoo, pins);
  // Each case's own settings reached promptfoo's requests (one prompt per case), not the first case's for all.
  // The judges' requests are promptfoo's grader's, not the cases'.
  const sent = mock.requests.slice(promptfooFrom).filter((r) => !modelOf(r).startsWith('mock-judge'));
  const settings = (want: string, n: number, test: (r: (typeof sent)[number]) => boolean) => {
    const got = sent.filter(test).length;
    if (got === n) return;
    agreement.problems.push(`promptfoo sent ${got} requests ${want}, expected ${n}.`);
    agreement.ok = false;
  };
  settings(
    'with temperature 0.2 and 200 output tokens (only "Paris matches" has them; one per model and repeat)',
    MODELS.length * REPEATS,
    (r) => generationOf(r).temperature === 0.2 && generationOf(r).maxTokens === 200,
  );
  settings(
    'without tools (only "Cheap answer" offers none; one per model and repeat)',
    MODELS.length * REPEATS,
    (r) => generationOf(r).tools === 0,
  );
  // The endpoint's own output limit and thinking budget, in promptfoo's Anthropic and Google provider config.
  for (const [model, wire] of Object.entries(NATIVE)) {
    const mine = (r: (typeof sent)[number]) => modelOf(r) === model;
    settings(
      `on ${model} with its endpoint's ${wire.maxOutputTokens} output tokens (every case but "Paris matches")`,
      (cases.length - 1) * REPEATS,
      (r) => mine(r) && generationOf(r).maxTokens === wire.maxOutputTokens,
    );
    settings(
      `on ${model} with its endpoint's thinking budget (${wire.thinkingBudget ?? 'none'})`,
      cases.length * REPEATS,
      (r) => mine(r) && generationOf(r).thinkingBudget === wire.thinkingBudget,
    );
  }
  // Both judges were asked by both sides: the page's yes/no question and promptfoo's llm-rubric.
  const judged = mock.requests.filter((r) => String(r.body.model) === 'mock-judge');
  const asks = (test: (text: string) => boolean) => judged.filter((r) => test(JSON.stringify(r.body.messages))).length;
  if (asks((t) => t.includes('Reply with one word: yes or no')) === 0 || asks((t) => t.includes('JSON object')) === 0) {
    agreement.problems.push("mock-judge was not asked by both sides (the page's question and promptfoo's llm-rubric).");
    agreement.ok = false;
  }
  process.stdout.write(
    `\npromptfoo (${Date.now() - started} ms, exit ${status}), case by case:\n${agreement.rows.join('\n')}\n`,
  );
  if (!agreement.ok) {
    process.stderr.write(
      `evals-ci: the verdicts are not the pinned ones (evals-ci/expected-verdicts.json):\n${agreement.problems.map((p) => `  ${p}`).join('\n')}\n`,
    );
    process.exitCode = 1;
  } else
    process.stdout.write(`evals-ci: promptfoo and the page give the pinned verdict on all ${pins.length} cells.\n`);
} finally {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
}
