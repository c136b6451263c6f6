// Runs npm scripts side by side and fails if any fails: the unit tests use the CPU while the conformance suite
// mostly waits on its own processes and sockets.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const codes = await Promise.all(
  names.map((name) => new Promise((resolve) => spawn('npm', ['run', name], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)))),
);
const failed = names.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) console.error(`failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
