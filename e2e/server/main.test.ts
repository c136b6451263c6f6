import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** The command `npm run mock-llm` runs, read from package.json so this test follows it. */
function mockLlmCommand(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const script = pkg.scripts?.['mock-llm'];
  if (!script) throw new Error('package.json has no mock-llm script');
  return script.split(/\s+/);
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.stderr?.on('data', (d: Buffer) => (err += d.toString('utf8')));
    child.on('exit', (code) => reject(new Error(`mock-llm exited (${code}) before printing its URL: ${err || out}`)));
    child.on('error', reject);
  });
}

let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = null;
});

describe('npm run mock-llm', () => {
  it('starts on a free port with PORT=0, prints its URL, serves /v1/models, and exits cleanly on SIGTERM', async () => {
    const [bin, ...args] = mockLlmCommand();
    expect(bin).toBe('tsx');
    const proc = spawn(join(root, 'node_modules', '.bin', 'tsx'), args, {
      cwd: root,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const url = await waitForUrl(proc);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(url).not.toMatch(/:0\/v1$/);

    const res = await fetch(`${url}/models`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object?: unknown; data?: { id?: unknown }[] };
    expect(body.object).toBe('list');
    expect(body.data?.length).toBeGreaterThan(0);
    expect(typeof body.data?.[0]?.id).toBe('string');

    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 30_000);
});
