import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolRunContext } from '../agent/tool-executor';
import {
  flattenTool,
  unflattenTool,
  type BuiltinToolDefinition,
  type FlatToolDefinition,
  type ToolDefinition,
} from '../domain/tool-definition';
import { builtinDefinitions } from './builtin-specs';
import { newDefinition } from './definition';
import { createToolExecutor, type ReportingExecutor } from './executor';
import type { SecretSource } from './secret-source';
import { createInProcessSandbox } from './sandbox/in-process-sandbox';
import { tryTool } from './try-tool';

let server: http.Server;
let base = '';
let hits = 0;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits++;
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ url: req.url, key: req.headers['x-key'] ?? null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  executor = makeExecutor();
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const ctx = (patch: Partial<ToolRunContext> = {}): ToolRunContext => ({
  signal: new AbortController().signal,
  timeoutMs: 2_000,
  callId: 'c1',
  ...patch,
});
/** A code tool with `patch` laid over it in the flat layout, so a patch can turn it into another kind. */
const def = (patch: Partial<FlatToolDefinition>): ToolDefinition =>
  unflattenTool({ ...flattenTool(newDefinition(patch.id ?? 'x', 1)), description: 'd', ...patch });

const makeTools = (): ToolDefinition[] => [
  def({
    id: 'add',
    name: 'add',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
    code: 'console.info("adding"); return args.a + args.b;',
    timeoutMs: 5_000,
    needsApproval: true,
  }),
  def({ id: 'off', name: 'off', enabled: false }),
  def({
    id: 'lookup',
    name: 'lookup',
    kind: 'http',
    code: null,
    parameters: { type: 'object', properties: { q: { type: 'string' } } },
    http: {
      method: 'GET',
      urlTemplate: `${base}/find?q={q}`,
      headers: [{ name: 'X-Key', value: '', secret: true }],
      bodyTemplate: null,
      responseType: 'json',
    },
  }),
  def({
    id: 'slow',
    name: 'slow',
    kind: 'http',
    code: null,
    http: { method: 'GET', urlTemplate: `${base}/slow`, headers: [], bodyTemplate: null, responseType: 'text' },
  }),
  def({ id: 'big', name: 'big', code: 'return "é".repeat(100);' }),
  // The test server is on 127.0.0.1, which fetch_url refuses unless its option allows it.
  ...builtinDefinitions(1).map((d) => (d.name === 'fetch_url' ? { ...d, allowPrivateAddresses: true } : d)),
];

const secrets: SecretSource = {
  headerSecret: async (toolId, name) => (toolId === 'lookup' && name.toLowerCase() === 'x-key' ? 'k-123' : undefined),
};
const noSecrets: SecretSource = { headerSecret: async () => undefined };
let executor: ReportingExecutor;
const makeExecutor = () =>
  createToolExecutor(makeTools(), {
    secrets,
    outputLimitBytes: 50,
    sandbox: createInProcessSandbox(),
    now: () => new Date('2026-03-01T12:00:00Z'),
  });

describe('createToolExecutor', () => {
  it('offers enabled tools only, as OpenAI function specs', () => {
    expect(executor.list().map((h) => h.spec.name)).toEqual([
      'add',
      'lookup',
      'slow',
      'big',
      'js_eval',
      'fetch_url',
      'current_time',
    ]);
    expect(executor.get('off')).toBeUndefined();
    const add = executor.get('add');
    expect(add?.spec.parameters).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(add?.needsApproval).toBe(true);
    expect(add?.timeoutMs).toBe(5_000);
    expect(executor.get('lookup')?.timeoutMs).toBeUndefined();
  });

  it('validates arguments against the tool schema', async () => {
    expect(await executor.get('add')?.validate({ a: 1, b: 2 })).toEqual([]);
    expect(await executor.get('add')?.validate({ a: 'one' })).toEqual([
      { path: '/b', message: "must have required property 'b'" },
      { path: '/a', message: 'must be number' },
    ]);
  });

  it("asks the validator it is given, with the tool's id and schema", async () => {
    const asked: unknown[] = [];
    const prepared: string[] = [];
    const withValidator = createToolExecutor(makeTools(), {
      secrets: noSecrets,
      validator: {
        validateArgs: async (tool, args) => {
          asked.push({ id: tool.id, parameters: tool.parameters, args });
          return [{ path: '/x', message: 'from the worker' }];
        },
        schemaProblems: async () => [],
        forgetTool: () => {},
        prepare: (tools) => {
          prepared.push(...tools.map((t) => t.id));
        },
      },
    });
    // Enabled tools are compiled ahead, when the executor is made for a run.
    expect(prepared).toEqual(
      makeTools()
        .filter((t) => t.enabled)
        .map((t) => t.id),
    );
    expect(await withValidator.get('add')?.validate({ a: 1 })).toEqual([{ path: '/x', message: 'from the worker' }]);
    expect(asked).toEqual([{ id: 'add', parameters: makeTools()[0]?.parameters, args: { a: 1 } }]);
  });

  it('runs a code tool in the sandbox with its logs', async () => {
    const r = await executor.get('add')?.run({ a: 2, b: 40 }, ctx());
    expect(r?.outcome).toBe('ok');
    expect(r?.content).toBe('42');
    expect(r?.logs.map((l) => l.text)).toEqual(['adding']);
  });

  it('cuts code output at the executor limit', async () => {
    const r = await executor.get('big')?.run({}, ctx());
    expect(r?.content).toBe(`${'é'.repeat(25)}\n…[output truncated: 150 bytes omitted]`);
  });

  it('runs an HTTP tool with its secret header from the secrets store', async () => {
    const r = await executor.get('lookup')?.run({ q: 'a b' }, ctx());
    expect(r).toEqual({ outcome: 'ok', content: JSON.stringify({ url: '/find?q=a%20b', key: 'k-123' }), logs: [] });
  });

  it('times out an HTTP tool at ctx.timeoutMs and honours the abort signal', async () => {
    const timedOut = await executor.get('slow')?.run({}, ctx({ timeoutMs: 100 }));
    expect(timedOut).toEqual({ outcome: 'error', content: 'Timed out after 100 ms.', logs: [], failure: 'timeout' });
    const ac = new AbortController();
    const pending = executor.get('slow')?.run({}, ctx({ signal: ac.signal }));
    ac.abort();
    expect((await pending)?.content).toBe('Cancelled.');
  });

  it('runs the built-ins', async () => {
    const evaluated = await executor.get('js_eval')?.run({ expression: 'let x = 6; x * 7' }, ctx());
    expect(evaluated?.content).toBe('42');
    const undef = await executor.get('js_eval')?.run({ expression: 'void 0' }, ctx());
    expect(undef?.content).toBe('undefined');
    const storage = await executor.get('js_eval')?.run({ expression: 'localStorage.getItem("k")' }, ctx());
    expect(storage?.outcome).toBe('error');
    const time = await executor.get('current_time')?.run({ timeZone: 'Asia/Tokyo' }, ctx());
    expect(JSON.parse(time?.content ?? '{}')).toEqual({
      iso: '2026-03-01T12:00:00.000Z',
      date: '2026-03-01',
      time: '21:00:00',
      weekday: 'Sunday',
      timeZone: 'Asia/Tokyo',
      utcOffset: 'GMT+09:00',
    });
    const badZone = await executor.get('current_time')?.run({ timeZone: 'Mars/Base' }, ctx());
    expect(badZone?.outcome).toBe('error');
    const fetched = await executor.get('fetch_url')?.run({ url: `${base}/page` }, ctx());
    expect(fetched?.content).toBe(JSON.stringify({ url: '/page', key: null }));
    const notHttp = await executor.get('fetch_url')?.run({ url: 'file:///etc/passwd' }, ctx());
    expect(notHttp).toEqual({
      outcome: 'error',
      content: 'Only http:// and https:// URLs can be fetched.',
      logs: [],
      failure: 'invalid_arguments',
    });
  });
});

describe('fetch_url', () => {
  const fetchUrl = (patch: Partial<BuiltinToolDefinition>) =>
    createToolExecutor([{ ...builtinDefinitions(1).find((d) => d.name === 'fetch_url')!, ...patch }], {
      secrets: noSecrets,
      sandbox: createInProcessSandbox(),
    }).get('fetch_url');

  it('needs approval unless the person turns that off', () => {
    expect(fetchUrl({})?.needsApproval).toBe(true);
    expect(fetchUrl({ needsApproval: false })?.needsApproval).toBe(false);
  });

  it('refuses this machine and the local network unless the tool allows private addresses', async () => {
    const seenBefore = hits;
    for (const url of [
      `${base}/page`,
      'http://localhost:1/',
      'http://[::1]:1/',
      'http://2130706433:1/',
      'http://192.168.0.1/',
      'http://169.254.169.254/',
    ]) {
      const r = await fetchUrl({})?.run({ url }, ctx());
      expect(r, url).toMatchObject({ outcome: 'error', failure: 'blocked' });
      expect(r?.content, url).toMatch(
        /^Refused: .* is (loopback|this machine|private|link-local).*"Allow private addresses"/,
      );
    }
    expect(hits).toBe(seenBefore);
    const allowed = await fetchUrl({ allowPrivateAddresses: true })?.run({ url: `${base}/page` }, ctx());
    expect(allowed).toEqual({ outcome: 'ok', content: JSON.stringify({ url: '/page', key: null }), logs: [] });
  });
});

describe('tryTool', () => {
  it('parses, validates and runs like the loop, with a duration', async () => {
    const ok = await tryTool(executor, 'add', '{"a": 1, "b": 2}', {
      signal: new AbortController().signal,
      defaultTimeoutMs: 1_000,
    });
    expect(ok.kind === 'ran' && ok.result.content).toBe('3');
    expect(ok.kind === 'ran' && ok.durationMs).toBeGreaterThanOrEqual(0);
    const invalid = await tryTool(executor, 'add', '{"a": 1}', {
      signal: new AbortController().signal,
      defaultTimeoutMs: 1_000,
    });
    expect(invalid).toEqual({ kind: 'invalid', issues: [{ path: '/b', message: "must have required property 'b'" }] });
    const badJson = await tryTool(executor, 'add', '{', {
      signal: new AbortController().signal,
      defaultTimeoutMs: 1_000,
    });
    expect(badJson.kind).toBe('invalid');
    expect(
      await tryTool(executor, 'off', '{}', { signal: new AbortController().signal, defaultTimeoutMs: 1_000 }),
    ).toEqual({ kind: 'unknown_tool' });
  });
});
