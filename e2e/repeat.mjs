// `npm run test:e2e:repeat [-- N]`: builds once, runs the whole e2e suite N times (default 3) and prints which
// tests failed in any run. Extra arguments after N go to Playwright (e.g. a spec file). Like `npm test`, it leaves out
// the @bench specs (speed figures for `npm run bench`, not part of the suite).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const n = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : Number(process.env.E2E_REPEAT || 3);
const run = (cmd, cmdArgs) => spawnSync(cmd, cmdArgs, { stdio: 'inherit', shell: false }).status ?? 1;

if (run('node', ['e2e/check-chromium.mjs']) !== 0) process.exit(1);
if (run('npx', ['vite', 'build']) !== 0) process.exit(1);
process.exit(run('npx', ['playwright', 'test', '--repeat-each', String(n), '--grep-invert', '@bench', '--reporter=list,./e2e/flake-reporter.ts', ...args]));
