// `npm run test:e2e:repeat [-- N]`: builds once, runs the whole e2e suite N times (default 3) and prints which
// tests failed in any run. Extra arguments after N go to Playwright (e.g. a spec file). Like `npm test`, it leaves out
// the @bench specs (speed figures for `npm run bench`, not part of the suite), and runs the @solo specs (a threshold
// measured with no other browser at work) after the others, one at a time, as `e2e/run-suite.mjs` does.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const n = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : Number(process.env.E2E_REPEAT || 3);
const run = (cmd, cmdArgs) => spawnSync(cmd, cmdArgs, { stdio: 'inherit', shell: false }).status ?? 1;
const anySolo = readdirSync('e2e').some(
  (f) => f.endsWith('.spec.ts') && readFileSync(`e2e/${f}`, 'utf8').includes("'@solo'"),
);
const split = anySolo && args.length === 0;
const repeat = ['playwright', 'test', '--repeat-each', String(n), '--reporter=list,./e2e/flake-reporter.ts'];

if (run('node', ['e2e/check-chromium.mjs']) !== 0) process.exit(1);
if (run('npx', ['vite', 'build']) !== 0) process.exit(1);
const shared = run('npx', [...repeat, '--grep-invert', split ? '@solo|@bench' : '@bench', ...args]);
const solo = split ? run('npx', [...repeat, '--grep', '@solo', '--workers', '1']) : 0;
process.exit(shared !== 0 ? shared : solo);
