/**
 * The promptfoo agreement check (run by evals-ci/run.mjs on the app's Node, through tsx): a suite run by the page's
 * own runner (evals/run-suite.ts: the agent loop, the recorded tools, the checks) and the same suite exported as a
 * promptfoo config (evals/promptfoo-config.ts) run by the real promptfoo CLI, both against the project's mock server;
 * the pass/fail counts per model must agree. Argument: the Node >= 22 binary promptfoo runs on.
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
import { runSuite, summarizeSuiteRun } from '../src/evals/run-suite';
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
const MODELS = ['mock-pass', 'mock-partial', 'mock-error'];

/** One answer per request, by model: the step itself is what both runners grade. */
function byModel(req: ChatRequest): StaticStep {
  const model = String(req.body.model);
  if (model === 'mock-error') return { kind: 'http_error', status: 404, message: 'The model `mock-error` does not exist.', code: 'model_not_found' };
  if (req.body.messages?.at(-1)?.role === 'user') return { kind: 'tool_calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] };
  return { kind: 'text', content: model === 'mock-pass' ? 'It is 18 °C in Paris.' : 'Sunny and mild.' };
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
      priceOf: () => null,
      newId: () => `id-${n++}`,
      now: () => Date.now(),
      openCellSession: async (c) => ({ sessionId: `s-${n++}`, history: c.request.messages, emit: () => undefined, close: async () => undefined }),
      saveRun: async () => undefined,
    },
    new AbortController().signal,
    () => undefined,
  );
  process.stdout.write(`page runner: ${run.cells.map((c) => `${c.caseName} on ${c.model}: ${c.verdict}`).join('; ')}\n`);
  const page = Object.fromEntries(summarizeSuiteRun(run, MODELS).map((s) => [s.model, { pass: s.passed, fail: s.total - s.passed }]));

  const configPath = join(dir, 'promptfooconfig.yaml');
  writeFileSync(configPath, promptfooConfig('CI', cases, MODELS.map((model) => ({ model, baseURL: mock.url }))));
  const out = join(dir, 'results.json');
  const cli = join(here, 'node_modules', 'promptfoo', 'dist', 'src', 'main.js');
  const started = Date.now();
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
  type Row = { success: boolean; provider?: { id?: string; label?: string }; gradingResult?: { reason?: string } | null; error?: string | null; response?: { output?: unknown } };
  const parsed = JSON.parse(readFileSync(out, 'utf8')) as { results: { results: Row[] } | Row[] };
  const rows = Array.isArray(parsed.results) ? parsed.results : parsed.results.results;
  const promptfoo: Record<string, { pass: number; fail: number }> = {};
  for (const r of rows) {
    const model = r.provider?.label ?? r.provider?.id?.replace(/^openai:chat:/, '') ?? '?';
    const slot = (promptfoo[model] ??= { pass: 0, fail: 0 });
    if (r.success) slot.pass++;
    else {
      slot.fail++;
      process.stdout.write(`  promptfoo fail on ${model}: ${r.gradingResult?.reason ?? r.error ?? '?'} (output ${JSON.stringify(r.response?.output ?? null).slice(0, 200)})\n`);
    }
  }
  const line = (m: string, c: { pass: number; fail: number } | undefined) => `${m}: ${c?.pass ?? 0} pass, ${c?.fail ?? 0} fail`;
  process.stdout.write(`\npromptfoo (${Date.now() - started} ms, exit ${status}) | page runner\n`);
  let agree = true;
  for (const m of MODELS) {
    const same = JSON.stringify(promptfoo[m] ?? { pass: 0, fail: 0 }) === JSON.stringify(page[m]);
    agree &&= same;
    process.stdout.write(`  ${line(m, promptfoo[m])} | ${line(m, page[m])}${same ? '' : '  <- differ'}\n`);
  }
  if (!agree) {
    process.stderr.write('evals-ci: promptfoo and the page disagree on the pass/fail counts above.\n');
    process.exitCode = 1;
  } else process.stdout.write('evals-ci: promptfoo and the page agree.\n');
} finally {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
}
