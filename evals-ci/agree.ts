/**
 * The promptfoo agreement check (run by evals-ci/run.mjs on the app's Node, through tsx): a suite run by the page's
 * own runner (evals/run-suite.ts: the agent loop, the recorded tools, the checks) and the same suite exported as a
 * promptfoo config (evals/promptfoo-config.ts) run by the real promptfoo CLI, both against the project's mock server;
 * every case x model verdict of each side must be the one pinned in expected-verdicts.json (evals/verdict-agreement.ts),
 * where a pinned difference says why. Argument: the Node >= 22 binary promptfoo runs on.
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
import { promptfooConfig, PROMPTFOO_KEY_VAR } from '../src/evals/promptfoo-config';
import { runSuite } from '../src/evals/run-suite';
import { compareVerdicts, type GradedCell, type PinnedCell } from '../src/evals/verdict-agreement';
import { createOpenAIClient } from '../src/llm/openai-client';
import { createAjv } from '../src/tools/ajv-factory';

const here = dirname(fileURLToPath(import.meta.url));
const node22 = process.argv[2];
if (!node22) throw new Error('usage: tsx evals-ci/agree.ts <node22 binary>');
const KEY = 'sk-evals-ci';

// Ajv as the page's validation worker configures it (tools/ajv-factory.ts); the worker's module graph reaches a
// CommonJS-only parser that tsx's plain ESM loading cannot import, so the check compiles here directly.
const validate: SchemaArgsValidator = async (schema, args) => {
  const check = createAjv().compile(schema);
  return check(args) ? [] : (check.errors ?? []).map((e) => ({ path: e.instancePath, message: e.message ?? 'is not valid' }));
};
// gpt-4o-mini is served by the mock too: promptfoo prices it from its own table, and the page is given the same price,
// so a cost check can pass on both sides (the mock-* models have no price, so one fails on both).
const MODELS = ['mock-pass', 'mock-partial', 'mock-error', 'gpt-4o-mini'];
const PRICED = { 'gpt-4o-mini': { input: 0.15, output: 0.6 } } as const;

/** One answer per request, by model: the step itself is what both runners grade. */
function byModel(req: ChatRequest): StaticStep {
  const model = String(req.body.model);
  // A 400, not a 404: promptfoo ends the whole eval at a 401, 403 or 404 from any target ("will not resolve on retry").
  if (model === 'mock-error') return { kind: 'http_error', status: 400, message: 'The model `mock-error` does not support this request.', code: 'invalid_request_error' };
  if (req.body.messages?.at(-1)?.role === 'user') return { kind: 'tool_calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] };
  return { kind: 'text', content: model === 'mock-partial' ? 'Sunny and mild.' : 'It is 18 °C in Paris.' };
}

const cases = (JSON.parse(readFileSync(join(here, 'suite.json'), 'utf8')) as { cases: Omit<EvalCaseRecord, 'suiteId' | 'createdAt' | 'updatedAt'>[] }).cases.map(
  (c): EvalCaseRecord => ({ ...c, suiteId: 'ci', createdAt: 0, updatedAt: 0 }),
);

const mock = await startMockServer({ apiKey: KEY, defaultStep: byModel });
const dir = mkdtempSync(join(tmpdir(), 'toolscope-promptfoo-'));
try {
  let n = 0;
  const run = await runSuite(
    'ci',
    MODELS,
    cases,
    MODELS.map((model) => ({ label: model, model, client: createOpenAIClient({ apiKey: KEY, baseURL: mock.url }) })),
    {
      runAgent,
      validate,
      priceOf: (m) => (m in PRICED ? PRICED[m as keyof typeof PRICED] : null),
      newId: () => `id-${n++}`,
      now: () => Date.now(),
      openCellSession: async (c) => ({ sessionId: `s-${n++}`, history: c.request.messages, emit: () => undefined, close: async () => undefined }),
      saveRun: async () => undefined,
    },
    new AbortController().signal,
    () => undefined,
  );
  process.stdout.write(`page runner: ${run.cells.map((c) => `${c.caseName} on ${c.model}: ${c.verdict}`).join('; ')}\n`);
  const page: GradedCell[] = run.cells.map((c) => ({ caseName: c.caseName, model: c.model, verdict: c.verdict === 'pass' ? 'pass' : 'fail', ...(c.reasons[0] ? { reason: c.reasons[0] } : {}) }));

  const configPath = join(dir, 'promptfooconfig.yaml');
  writeFileSync(configPath, promptfooConfig('CI', cases, MODELS.map((model) => ({ model, baseURL: mock.url }))));
  const out = join(dir, 'results.json');
  const cli = join(here, 'node_modules', 'promptfoo', 'dist', 'src', 'main.js');
  const started = Date.now();
  const promptfooFrom = mock.requests.length;
  // Not spawnSync: the mock server answering promptfoo lives in this process's event loop.
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(node22, [cli, 'eval', '-c', configPath, '-o', out, '--no-cache', '--no-progress-bar', '--max-concurrency', '4'], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, [PROMPTFOO_KEY_VAR]: KEY, PROMPTFOO_CONFIG_DIR: join(dir, 'home'), PROMPTFOO_DISABLE_TELEMETRY: '1', PROMPTFOO_DISABLE_UPDATE: '1', PROMPTFOO_DISABLE_REMOTE_GENERATION: '1', PROMPTFOO_DISABLE_SHARING: '1', NO_COLOR: '1' },
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  type Row = { success: boolean; provider?: { id?: string; label?: string }; testCase?: { description?: string }; gradingResult?: { reason?: string } | null; error?: string | null };
  const parsed = JSON.parse(readFileSync(out, 'utf8')) as { results: { results: Row[] } | Row[] };
  const rows = Array.isArray(parsed.results) ? parsed.results : parsed.results.results;
  const promptfoo: GradedCell[] = rows.map((r) => ({
    caseName: r.testCase?.description ?? '?',
    model: r.provider?.label ?? r.provider?.id?.replace(/^openai:chat:/, '') ?? '?',
    verdict: r.success ? 'pass' : 'fail',
    ...(r.success ? {} : { reason: (r.gradingResult?.reason ?? r.error ?? '?').slice(0, 200) }),
  }));
  const pins = (JSON.parse(readFileSync(join(here, 'expected-verdicts.json'), 'utf8')) as { cells: PinnedCell[] }).cells;
  const agreement = compareVerdicts(page, promptfoo, pins);
  // Each case's own settings reached promptfoo's requests (one prompt per case), not the first case's for all.
  const sent = mock.requests.slice(promptfooFrom).map((r) => r.body);
  const settings = (want: string, n: number, test: (b: (typeof sent)[number]) => boolean) => {
    const got = sent.filter(test).length;
    if (got === n) return;
    agreement.problems.push(`promptfoo sent ${got} requests ${want}, expected ${n} (one per model).`);
    agreement.ok = false;
  };
  settings('with temperature 0.2 and max_tokens 200 (only "Paris matches" has them)', MODELS.length, (b) => b.temperature === 0.2 && b.max_tokens === 200);
  settings('without tools (only "Cheap answer" offers none)', MODELS.length, (b) => !Array.isArray(b.tools) || b.tools.length === 0);
  process.stdout.write(`\npromptfoo (${Date.now() - started} ms, exit ${status}), case by case:\n${agreement.rows.join('\n')}\n`);
  if (!agreement.ok) {
    process.stderr.write(`evals-ci: the verdicts are not the pinned ones (evals-ci/expected-verdicts.json):\n${agreement.problems.map((p) => `  ${p}`).join('\n')}\n`);
    process.exitCode = 1;
  } else process.stdout.write(`evals-ci: promptfoo and the page give the pinned verdict on all ${pins.length} cells.\n`);
} finally {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
}
