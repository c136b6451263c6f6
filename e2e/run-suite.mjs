// `npm run test:e2e`: the Chromium suite in two passes. Most specs run two files at a time; the ones tagged
// @solo measure a tool timeout or a sign-in refresh against a wall clock a second browser would disturb, so they
// run after, one at a time. Specs tagged @bench report speed figures and run in `npm run bench` only.
import { spawnSync } from 'node:child_process';

const run = (args) => spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit' }).status ?? 1;
const extra = process.argv.slice(2);
const shared = run(['--grep-invert', '@solo|@bench', '--pass-with-no-tests', ...extra]);
const solo = run(['--grep', '@solo', '--workers', '1', '--pass-with-no-tests', ...extra]);
process.exit(shared !== 0 ? shared : solo);
