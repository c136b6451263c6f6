/**
 * npm run test:conformance — the MCP conformance suite's client scenarios against conformance/client.ts (a Node
 * entry of src/mcp), once per protocol revision the app speaks, each run with exactly the scenarios that revision
 * requires (the suite's --requirements sets; extensions run too but are not scored).
 *
 * conformance/ is a package of its own: the suite's CLI, installed here with `npm ci` on first use and again whenever
 * its lock file changes. The CLI and the client under test (bundled once by esbuild) run on the toolchain's Node.
 *
 * Exit code: non-zero when a required scenario fails that expected-failures.yaml does not list, when a listed one
 * passes (the list is then stale), when a scenario's output cannot be read (verdict.mjs), or when a revision's
 * requirement set yields no scenario at all. Results land in conformance/results/<revision>/ (not committed).
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkScenarioCount, describeVerdict, verdictOf } from './verdict.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const REVISIONS = ['2026-07-28', '2025-11-25'];

function ensureInstalled() {
  const lock = readFileSync(join(here, 'package-lock.json'));
  const hash = createHash('sha256').update(lock).digest('hex');
  const stamp = join(here, 'node_modules', '.installed-lock-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  process.stdout.write('conformance: installing the conformance CLI (npm ci in conformance/)\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const done = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: here, stdio: 'inherit' });
  if (done.status !== 0) throw new Error('npm ci in conformance/ failed; see the output above.');
  writeFileSync(stamp, hash);
}

const CONCURRENCY = 3;

/** The client scenarios a revision requires, plus those it runs unscored for visibility, minus extensions. */
function scenariosOf(revision) {
  const yaml = createRequire(join(here, 'package.json'))('yaml');
  const file = join(here, 'node_modules', '@modelcontextprotocol', 'conformance', 'requirements', `${revision}.yaml`);
  const set = yaml.parse(readFileSync(file, 'utf8'));
  const expected = new Set(yaml.parse(readFileSync(join(here, 'expected-failures.yaml'), 'utf8')).client ?? []);
  const required = (set.client ?? []).map((scenario) => ({
    revision,
    scenario,
    scored: true,
    expected: expected.has(scenario),
  }));
  const extra = (set.not_scored ?? [])
    .filter((e) => e.leg === 'client' && e.reason !== 'extension')
    .map((e) => ({ revision, scenario: e.scenario, scored: false, expected: false }));
  return [...required, ...extra];
}

function runOne(node, cli, client, job) {
  const out = join(here, 'results', job.revision);
  const args = [
    cli,
    'client',
    '--command',
    client,
    '--scenario',
    job.scenario,
    '--spec-version',
    job.revision,
    '--timeout',
    '20000',
    '--expected-failures',
    join(here, 'expected-failures.yaml'),
    '-o',
    out,
  ];
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: root });
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('close', (code) => {
      const verdict = verdictOf({ code, text, expected: job.expected });
      resolve({ ...job, code, verdict, text });
    });
  });
}

/**
 * The client under test, bundled once into one file for the app's Node: every scenario starts it anew, and through
 * tsx each start transformed and loaded the MCP modules again (about 1.4 s of a core against 0.2 s).
 */
async function bundleClient(outfile) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(here, 'client.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // CommonJS dependencies inside an ES module bundle still call require().
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  return outfile;
}

async function main() {
  ensureInstalled();
  // `.ci/run` installs beside the app's own `npm ci`, which leaves a core mostly idle (it waits on the network).
  if (process.argv.includes('--install-only')) return;
  const node = process.execPath;
  const cli = join(here, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  rmSync(join(here, 'results'), { recursive: true, force: true });
  mkdirSync(join(here, 'results'), { recursive: true });
  const client = `${process.execPath} ${await bundleClient(join(here, 'results', 'client.mjs'))}`;
  const jobs = REVISIONS.flatMap((revision) => {
    const of = scenariosOf(revision);
    checkScenarioCount(revision, of);
    return of;
  });
  const results = [];
  // A few at a time: each scenario starts a client process, and all at once starve a small machine into timeouts.
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const result = await runOne(node, cli, client, job);
      results.push(result);
      process.stdout.write(
        `${result.revision} ${result.scenario}${result.scored ? '' : ' (not scored)'}: ${describeVerdict(result.verdict)} (${result.verdict.checks})\n`,
      );
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  writeFileSync(
    join(here, 'results', 'all.log'),
    results
      .map((r) => `### ${r.revision} ${r.scenario} (exit code ${r.code}: ${describeVerdict(r.verdict)})\n${r.text}`)
      .join('\n'),
  );
  const scored = results.filter((r) => r.scored);
  const regressions = scored.filter((r) => r.verdict.kind === 'failed' || r.verdict.kind === 'unreadable');
  const passed = results.filter((r) => r.verdict.kind === 'passed').length;
  process.stdout.write(
    `conformance: ${passed} of ${results.length} scenario runs pass; ${regressions.length} unexpected results (logs: conformance/results/all.log)\n`,
  );
  for (const r of regressions)
    process.stdout.write(`conformance: ${r.revision} ${r.scenario}: ${describeVerdict(r.verdict)}\n`);
  if (regressions.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  process.stderr.write(`conformance: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
