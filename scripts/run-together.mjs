// Runs npm scripts side by side and fails if any fails. `npm test` pairs work that leaves a core idle (the
// conformance suite and the Firefox/WebKit journey wait on their own processes and sockets) with work that does not.
// Each script's wall time is printed when it ends, so a slow `.ci/run` says which stage grew.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const started = Date.now();
const codes = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) =>
        spawn('npm', ['run', name], { stdio: 'inherit' }).on('close', (code) => {
          console.log(`[time] ${name}: ${Math.round((Date.now() - started) / 1000)} s (exit ${code ?? 1})`);
          resolve(code ?? 1);
        }),
      ),
  ),
);
const failed = names.filter((_, i) => codes[i] !== 0);
if (failed.length > 0) console.error(`failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
