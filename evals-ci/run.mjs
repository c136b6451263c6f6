/**
 * npm run test:promptfoo — a suite exported as a promptfoo config (src/evals/promptfoo-config.ts) run by the real
 * promptfoo CLI against the project's mock server, and the same suite run by the page's own runner; their pass/fail
 * counts per model must agree (evals-ci/agree.ts).
 *
 * evals-ci/ is a package of its own, like conformance/: the CLI, installed here with `npm ci` on first use and again
 * whenever a lock file changes. It installs without promptfoo's optional packages (`--omit=optional`): those are other
 * providers' SDKs, ML runtimes and a browser, about 1.8 GB whose unpacking cost the check more CPU than everything it
 * runs. The one platform part the check does use, libSQL's native binding (promptfoo's store loads it with require, so
 * NODE_PATH finds it), is a package of its own in evals-ci/platform/. Install scripts stay off: they would fetch extras
 * from outside the npm registry that a CI machine cannot reach. The CLI and the check run on the toolchain's Node
 * (package.json's engines; promptfoo itself needs >= 22.22).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const platform = join(here, 'platform');
const platformModules = join(platform, 'node_modules');

/** `npm ci` in `dir` unless its lock file is the one installed last; `omit`: dependency types left out. */
function ensureInstalled(dir, what, omit = []) {
  const hash = createHash('sha256')
    .update(readFileSync(join(dir, 'package-lock.json')))
    .digest('hex');
  const stamp = join(dir, 'node_modules', '.installed-lock-sha256');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  process.stdout.write(`evals-ci: installing ${what} (npm ci in ${dir})\n`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const started = Date.now();
  const installed = spawnSync(
    npm,
    ['ci', '--no-audit', '--no-fund', '--loglevel=error', '--ignore-scripts', ...omit.map((o) => `--omit=${o}`)],
    { cwd: dir, stdio: 'inherit' },
  );
  if (installed.status !== 0) throw new Error(`npm ci in ${dir} failed; see the output above.`);
  writeFileSync(stamp, hash);
  process.stdout.write(`evals-ci: installed ${what} in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

/** promptfoo's own floor, above the toolchain's (engines) one. */
function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major > 22 || (major === 22 && minor >= 22)) return;
  throw new Error(
    `promptfoo needs Node >= 22.22 and this is Node ${process.versions.node}: run with the toolchain's Node (.ci/run installs it in .ci/toolchain/).`,
  );
}

ensureInstalled(here, 'promptfoo', ['optional']);
ensureInstalled(platform, 'libSQL for this platform');
// `.ci/run` installs beside the app's own `npm ci`, which leaves a core mostly idle (it waits on the network).
if (process.argv.includes('--install-only')) process.exit(0);
checkNode();
const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const NODE_PATH = [platformModules, process.env.NODE_PATH]
  .filter(Boolean)
  .join(process.platform === 'win32' ? ';' : ':');
const done = spawnSync(tsx, [join(here, 'agree.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_PATH },
});
process.exit(done.status ?? 1);
