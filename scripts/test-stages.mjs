// `npm test`: every check, in stages, each stage's scripts side by side; fails if any fails. The promptfoo check
// starts first and runs beside the stages until the end: most of it is installing promptfoo (a download on a clean
// machine) and it needs neither the build nor the other stages, so it no longer holds up the stage that waited for
// it. The conformance suite and the Firefox/WebKit journey wait on their own processes and sockets, so they share a
// stage with the unit tests. Each script's time since the start is printed when it ends, so a slow `.ci/run` says
// which stage grew. A script that fails has the end of its own output printed again after everything else: scripts of
// one stage print side by side, so the lines that say why one failed are otherwise buried under another's.
import { spawn } from 'node:child_process';

const BESIDE = 'test:promptfoo';
const STAGES = [
  ['typecheck', 'lint'],
  ['build'],
  ['test:unit', 'test:conformance', 'test:engines:built'],
  ['test:e2e:built'],
];

const started = Date.now();
const children = new Set();
/** The last bytes each script printed, kept to say why it failed. */
const tails = new Map();
const TAIL_BYTES = 16_384;
const TAIL_LINES = 60;

function keepTail(name, chunk) {
  const kept = (tails.get(name) ?? '') + chunk.toString('utf8');
  tails.set(name, kept.length > TAIL_BYTES ? kept.slice(-TAIL_BYTES) : kept);
}

/** Runs one npm script; resolves with its exit code and prints its time. */
function run(name) {
  return new Promise((resolve) => {
    // Each script in a process group of its own, so ending it ends what it started (servers, browsers).
    const child = spawn('npm', ['run', name], { stdio: ['inherit', 'pipe', 'pipe'], detached: true });
    children.add(child);
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      keepTail(name, chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      keepTail(name, chunk);
    });
    child.on('close', (code) => {
      children.delete(child);
      console.log(`[time] ${name}: ${Math.round((Date.now() - started) / 1000)} s (exit ${code ?? 1})`);
      resolve(code ?? 1);
    });
  });
}

function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}
// The groups do not get a terminal's Ctrl-C of their own.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    stopAll();
    process.exit(1);
  });

const failed = [];
const beside = run(BESIDE).then((code) => {
  if (code !== 0) failed.push(BESIDE);
});
for (const stage of STAGES) {
  const codes = await Promise.all(stage.map(run));
  stage.forEach((name, i) => {
    if (codes[i] !== 0) failed.push(name);
  });
  if (failed.length > 0) break;
}
// A stage failed: the check beside it is not waited for.
if (failed.length > 0) stopAll();
await beside;
for (const name of failed) {
  const lines = (tails.get(name) ?? '').split('\n');
  console.error(`\n--- the end of ${name}'s output ---\n${lines.slice(-TAIL_LINES).join('\n')}`);
}
if (failed.length > 0) console.error(`failed: ${failed.join(', ')}`);
process.exit(failed.length > 0 ? 1 : 0);
