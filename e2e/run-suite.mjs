// `npm run test:e2e`: the Chromium suite, three spec files at a time. Specs tagged @bench report speed figures and
// run in `npm run bench` only. A test tagged @solo (a threshold measured with no other browser at work) runs
// after the others, one at a time. Every run must find tests: a filter that matched nothing would pass it empty. With
// arguments (a spec file, a filter) the solo tests run in the main run, so no run can come out empty by design.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const run = (args) => spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit' }).status ?? 1;
const extra = process.argv.slice(2);
const anySolo = readdirSync('e2e').some(
  (f) => f.endsWith('.spec.ts') && readFileSync(`e2e/${f}`, 'utf8').includes("'@solo'"),
);
const split = anySolo && extra.length === 0;
const shared = run(['--grep-invert', split ? '@solo|@bench' : '@bench', ...extra]);
const solo = split ? run(['--grep', '@solo', '--workers', '1']) : 0;
process.exit(shared !== 0 ? shared : solo);
