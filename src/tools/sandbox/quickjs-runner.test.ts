import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInProcessSandbox } from './in-process-sandbox';
import type { SandboxRequest, SandboxResult } from './sandbox-types';

let server: http.Server;
let origin = '';
const held: http.ServerResponse[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/hang') return; // never answers; closed in afterAll
    if (req.url === '/held') return void held.push(res);
    if (req.url === '/huge')
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end('h'.repeat(5_000_000));
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://example.invalid/' }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'x-test': 'yes' });
    res.end(JSON.stringify({ path: req.url, method: req.method }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const sandbox = createInProcessSandbox({ fetch: globalThis.fetch });

function run(code: string, patch: Partial<SandboxRequest> = {}): Promise<SandboxResult> {
  return sandbox.run(
    { code, args: { a: 2, b: 3 }, timeoutMs: 2_000, outputLimitBytes: 1024, allowedOrigins: [], ...patch },
    new AbortController().signal,
  );
}

function expectError(result: SandboxResult, kind: string, message: RegExp) {
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.kind).toBe(kind);
    expect(result.message).toMatch(message);
  }
}

describe('QuickJS sandbox core', () => {
  it('runs the body as an async function of args and returns JSON', async () => {
    const r = await run('await null; return { sum: args.a + args.b };');
    expect(r).toEqual({ ok: true, output: '{"sum":5}', logs: [] });
  });

  it('returns strings as they are and captures console output', async () => {
    const r = await run('console.log("hi", {x: 1}); console.warn("careful"); return "done";');
    expect(r.ok && r.output).toBe('done');
    expect(r.logs.map((l) => [l.level, l.text])).toEqual([
      ['log', 'hi {"x":1}'],
      ['warn', 'careful'],
    ]);
  });

  it('has no DOM, storage, cookies, parent window or postMessage', async () => {
    const probes = [
      'window',
      'document',
      'localStorage',
      'indexedDB',
      'parent',
      'top',
      'self',
      'postMessage',
      'XMLHttpRequest',
      'fetch',
      'setTimeout',
      'WebAssembly',
      'require',
      'process',
    ];
    const r = await run(`return ${JSON.stringify(probes)}.filter((n) => typeof globalThis[n] !== 'undefined');`);
    expect(r.ok && r.output).toBe('[]');
  });

  it('reading localStorage throws a ReferenceError', async () => {
    expectError(
      await run('return localStorage.getItem("apiKey");'),
      'thrown',
      /ReferenceError: .*localStorage.* is not defined/,
    );
  });

  it('stops an endless loop at the timeout', async () => {
    expectError(await run('for (;;) {}', { timeoutMs: 200 }), 'timeout', /Timed out after 200 ms/);
  });

  it('stops an endless loop inside a promise chain', async () => {
    expectError(await run('await Promise.resolve(); while (true) {}', { timeoutMs: 200 }), 'timeout', /Timed out/);
  });

  it('bounds memory', async () => {
    expectError(
      await run('const a = []; for (;;) a.push(new ArrayBuffer(1e6));', { timeoutMs: 10_000 }),
      'memory',
      /Out of memory: the sandbox is limited to 64 MB/,
    );
    expectError(
      await run('const a = []; for (;;) a.push({ i: a.length });', {
        memoryLimitBytes: 16 * 1024 * 1024,
        timeoutMs: 10_000,
      }),
      'memory',
      /Out of memory/,
    );
    // The engine is still usable afterwards.
    expect(await run('return 1;')).toEqual({ ok: true, output: '1', logs: [] });
  });

  it('reaches the memory limit, not the timeout, whatever the size of each allocation', async () => {
    // The timeout is far off so that only the memory limit can end these, however busy the machine.
    // Before the engine's memory had a maximum, these ran on to ~2 GB (the runtime counted a few bytes per block).
    expectError(
      await run('const a = []; for (;;) a.push("x".repeat(1e6) + a.length);', { timeoutMs: 60_000 }),
      'memory',
      /Out of memory: the sandbox is limited to 64 MB/,
    );
    expectError(
      await run('const a = []; for (;;) a.push(new Uint8Array(1e6));', { timeoutMs: 60_000 }),
      'memory',
      /Out of memory/,
    );
    expectError(
      await run('const a = []; for (;;) a.push({ i: a.length });', { timeoutMs: 60_000 }),
      'memory',
      /Out of memory/,
    );
  }, 200_000);

  it('refuses a string past the engine limit', async () => {
    expectError(await run('let s = "x"; for (;;) s += s;'), 'memory', /String too long/);
  });

  it('bounds recursion', async () => {
    expectError(await run('const f = () => f() + 1; return f();'), 'memory', /Stack overflow/);
  });

  it('cuts a huge string at the output limit with a marker', async () => {
    const r = await run('return "x".repeat(1e6);');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.output.startsWith('x'.repeat(1024))).toBe(true);
      expect(r.output).toContain('[output truncated: 998976 bytes omitted]');
    }
  });

  it('rejects a function, undefined, a cyclic object and a bigint as results', async () => {
    expectError(await run('return () => 1;'), 'bad_return', /returned a function/);
    expectError(await run('const x = 1;'), 'bad_return', /returned undefined/);
    expectError(await run('const o = {}; o.self = o; return o;'), 'bad_return', /cyclic/);
    expectError(await run('return 10n;'), 'bad_return', /bigint/);
  });

  it('reports thrown errors with message and stack, and syntax errors', async () => {
    const thrown = await run('function inner() { throw new RangeError("bad input"); }\ninner();');
    expectError(thrown, 'thrown', /RangeError: bad input/);
    if (!thrown.ok) expect(thrown.message).toMatch(/inner/);
    // Positions count lines of the code as written, not of the wrapper around it.
    if (!thrown.ok) expect(thrown.message).toMatch(/at inner \(line 1, column \d+\)\n.*\(line 2, column \d+\)$/);
    expectError(await run('return {;'), 'thrown', /SyntaxError/);
    expectError(await run('const x = 1;\nreturn {'), 'thrown', /SyntaxError: .*\nat the end of the code$/);
  });

  it('gives each run a fresh context', async () => {
    await run('globalThis.leak = 42; return 1;');
    const r = await run('return typeof globalThis.leak;');
    expect(r.ok && r.output).toBe('undefined');
  });

  it('bounds log output by bytes, and says how many entries were dropped', async () => {
    const r = await run('for (let i = 0; i < 1000; i++) console.log("0123456789"); return 1;', {
      outputLimitBytes: 100,
    });
    expect(r.logs).toHaveLength(11);
    expect(r.logs.at(-1)?.text).toBe('…[990 more log entries dropped: the log is limited to 100 bytes]');
  });

  describe('everything handed back is bounded before it leaves the sandbox', () => {
    const limit = 1024;
    const within = (text: string) =>
      new TextEncoder().encode(text.replace(/\n…\[output truncated: \d+ bytes omitted\]$/, '')).length <= limit;

    it("cuts a thrown error's message with the marker", async () => {
      const r = await run('throw "E".repeat(1000000);');
      expectError(r, 'thrown', /^Error: E{1000}/);
      if (r.ok) return;
      expect(r.message).toMatch(/\n…\[output truncated: \d+ bytes omitted\]$/);
      expect(within(r.message)).toBe(true);
    });

    it('cuts a huge stack and a huge error name', async () => {
      const stack = await run('const e = new Error("short"); e.stack = "S".repeat(1000000); throw e;');
      expectError(stack, 'thrown', /output truncated/);
      if (!stack.ok) expect(within(stack.message)).toBe(true);
      const named = await run('class X extends Error {} X.prototype.name = "N".repeat(1000000); throw new X("m");');
      expectError(named, 'thrown', /output truncated/);
      if (!named.ok) expect(within(named.message)).toBe(true);
    });

    it('cuts a message that poses as a bad return value', async () => {
      const r = await run(
        'class R extends Error {} R.prototype.name = "ReturnValueError"; throw new R("B".repeat(1000000));',
      );
      expectError(r, 'bad_return', /output truncated/);
      if (!r.ok) expect(within(r.message)).toBe(true);
    });

    it('keeps at most 1,000 log entries, however small, and counts the rest', async () => {
      const r = await run('for (let i = 0; i < 20000; i++) console.log(); return "done";', { timeoutMs: 10_000 });
      expect(r.ok && r.output).toBe('done');
      expect(r.logs).toHaveLength(1_001);
      expect(r.logs.at(-1)).toMatchObject({
        level: 'warn',
        text: '…[19000 more log entries dropped: the log is limited to 1000 entries]',
      });
    });

    it('cuts a 10 MB one-line log entry with the marker', async () => {
      const r = await run('console.log("L".repeat(10000000)); console.log("after"); return 1;', { timeoutMs: 10_000 });
      expect(r.logs).toHaveLength(2);
      expect(r.logs[0]?.text).toBe(`${'L'.repeat(limit)}\n…[output truncated: ${10_000_000 - limit} bytes omitted]`);
      expect(r.logs[1]?.text).toBe('…[1 more log entry dropped: the log is limited to 1 KB]');
    });

    it('reads at most the output limit of a fetched body', async () => {
      const r = await run(`const res = await fetch("${origin}/huge"); return (await res.text()).length;`, {
        allowedOrigins: [origin],
        timeoutMs: 10_000,
      });
      expect(r.ok).toBe(true);
      if (r.ok) expect(Number(r.output)).toBeLessThan(limit + 100);
    });
  });

  describe('fetch', () => {
    it('is absent without allowed origins', async () => {
      expectError(await run(`return await fetch("${origin}/x");`), 'thrown', /fetch.* is not defined/);
    });

    it('reaches an allowed origin and returns status, headers, text and json', async () => {
      const r = await run(
        `const res = await fetch("${origin}/hello?q=1", { method: "POST", body: "{}" }); return { status: res.status, ok: res.ok, h: res.headers.get("X-Test"), body: await res.json() };`,
        { allowedOrigins: [origin] },
      );
      expect(r.ok && JSON.parse(r.output)).toEqual({
        status: 200,
        ok: true,
        h: 'yes',
        body: { path: '/hello?q=1', method: 'POST' },
      });
    });

    it('blocks an origin that is not allowed', async () => {
      expectError(
        await run('return await fetch("http://127.0.0.2:9/x");', { allowedOrigins: [origin] }),
        'thrown',
        /fetch blocked: http:\/\/127\.0\.0\.2:9 is not in this tool's allowed origins/,
      );
    });

    it('refuses redirects, which could leave the allowed origins', async () => {
      expectError(
        await run(`return await fetch("${origin}/redirect");`, { allowedOrigins: [origin] }),
        'thrown',
        /fetch to .* failed/,
      );
    });

    it('cancels while waiting on a fetch, and times out on one that never answers', async () => {
      const ac = new AbortController();
      const pending = sandbox.run(
        {
          code: `await fetch("${origin}/hang"); return 1;`,
          args: {},
          timeoutMs: 10_000,
          outputLimitBytes: 1024,
          allowedOrigins: [origin],
        },
        ac.signal,
      );
      setTimeout(() => ac.abort(), 50);
      expectError(await pending, 'cancelled', /Cancelled/);
      expectError(
        await run(`await fetch("${origin}/hang"); return 1;`, { allowedOrigins: [origin], timeoutMs: 300 }),
        'timeout',
        /while waiting for fetch/,
      );
    });

    it('lets the code catch a blocked fetch and go on', async () => {
      const r = await run(
        'try { await fetch("https://evil.example/"); } catch (e) { return "caught: " + e.message; }',
        { allowedOrigins: [origin] },
      );
      expect(r.ok && r.output).toMatch(/^caught: fetch blocked/);
    });
  });
});

describe('console lines while the code runs', () => {
  it('reach onLog as they are printed, before the result, within the output limit', async () => {
    const lines: string[] = [];
    const done = sandbox.run(
      {
        code: 'console.log("before");\nconst r = await fetch(args.url);\nconsole.log("after", await r.text());\nreturn "ok";',
        args: { url: `${origin}/held` },
        timeoutMs: 5_000,
        outputLimitBytes: 1024,
        allowedOrigins: [origin],
      },
      new AbortController().signal,
      (log) => lines.push(`${log.level}:${log.text}`),
    );
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 5_000 });
    expect(lines).toEqual(['log:before']);
    held[0]!.writeHead(200, { 'content-type': 'text/plain' }).end('x');
    const result = await done;
    expect(result).toMatchObject({ ok: true, output: 'ok' });
    expect(lines).toEqual(['log:before', 'log:after x']);
    expect(result.logs.map((l) => l.text)).toEqual(['before', 'after x']);
  });
});
