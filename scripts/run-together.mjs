// Runs npm scripts side by side and fails if any fails. `npm test` pairs work that leaves a core idle (the
// conformance suite and the Firefox/WebKit journey wait on their own processes and sockets) with work that does not.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const codes = await Promise.all(
  names.map((name) => new Promise((resolve) => spawn('npm', ['run', name], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)))),
);
const failed = names.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) console.error(`failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
