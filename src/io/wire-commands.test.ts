import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendJSON, startTestServer, type TestServer } from '../llm/testing/http-server';
import type { WireBody, WireHeader, WireRequest } from '../domain/wire-exchange';
import { curlCommand, fetchCommand } from './wire-commands';

const run = promisify(execFile);

const SECRETS = { OPENAI_API_KEY: 'sk-test-openai-0123456789', TOOLSCOPE_SECRET_WEATHER: 'weather-secret-xyz' };

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'wire-commands-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  server.requests.length = 0;
  server.handle((_req, res) => sendJSON(res, 200, { ok: true }));
});

const env = () => ({ PATH: process.env.PATH ?? '', ...SECRETS });

async function runCurl(request: WireRequest): Promise<string> {
  const command = curlCommand(request);
  const file = join(dir, 'curl.sh');
  await writeFile(file, `set -e -o pipefail\n${command}\n`);
  const { stdout } = await run('bash', [file], { env: env(), maxBuffer: 1 << 20 });
  return stdout;
}

async function runFetch(request: WireRequest): Promise<string> {
  const command = fetchCommand(request);
  // A long command goes through a file: one argument may not pass 128 KB (Linux's MAX_ARG_STRLEN).
  const file = join(dir, 'fetch.mjs');
  await writeFile(file, command);
  const args = command.length < 100_000 ? ['-e', command] : [file];
  const { stdout } = await run(process.execPath, args, { env: env(), maxBuffer: 1 << 20 });
  return stdout;
}

function bytesOf(body: WireBody | null): Buffer {
  if (body === null) return Buffer.alloc(0);
  return body.encoding === 'utf8' ? Buffer.from(body.data, 'utf8') : Buffer.from(body.data, 'base64');
}

/** What the server received is what the request says, and the command names no secret. */
function expectSent(request: WireRequest, command: string): void {
  expect(server.requests).toHaveLength(1);
  const seen = server.requests[0]!;
  expect(seen.method).toBe(request.method);
  const url = new URL(request.url);
  expect(`http://${seen.headers.host}${seen.url}`).toBe(`${url.protocol}//${url.host}${url.pathname}${url.search}`);
  // A header with a line break is left out of the commands (no request can carry it); every other one arrives.
  for (const h of request.headers.filter((x) => !/[\r\n]/.test(x.value))) {
    const value = h.secret ? `${h.secret.prefix ?? ''}${SECRETS[h.secret.variable as keyof typeof SECRETS]}` : h.value;
    expect(seen.headers[h.name.toLowerCase()], h.name).toBe(value);
  }
  expect(seen.bytes.equals(bytesOf(request.body))).toBe(true);
  for (const secret of Object.values(SECRETS)) expect(command).not.toContain(secret);
}

const secretHeaders: WireHeader[] = [
  { name: 'Authorization', value: '', secret: { variable: 'OPENAI_API_KEY', prefix: 'Bearer ' } },
  { name: 'x-weather-key', value: '', secret: { variable: 'TOOLSCOPE_SECRET_WEATHER' } },
];

function request(body: WireBody | null, more: Partial<WireRequest> = {}): WireRequest {
  return {
    method: 'POST',
    url: `${server.baseURL}/chat/completions`,
    headers: [{ name: 'content-type', value: 'application/json' }, ...secretHeaders],
    body,
    ...more,
  };
}

const hostileText = [
  '{"model":"gpt-x","messages":[{"role":"user","content":"it\'s \\"quoted\\" $HOME `id` $(id) \\\\ ${x}"}]}',
  'TOOLSCOPE_BODY',
  "TOOLSCOPE_BODY'",
  '  tab\there, CR\r\nnext, trailing backslash \\',
  '!event history !! ^old^new',
  'é € 😀 \u2028 end without newline',
].join('\n');

const cases: [string, () => WireRequest][] = [
  ['a JSON body and the secret headers', () => request({ encoding: 'utf8', data: '{"model":"gpt-x","stream":true}' })],
  [
    'a body of quotes, $, backticks, newlines and a line equal to the delimiter',
    () => request({ encoding: 'utf8', data: hostileText }),
  ],
  ['a body ending in newlines', () => request({ encoding: 'utf8', data: 'two newlines at the end\n\n' })],
  ['a body holding a NUL byte', () => request({ encoding: 'utf8', data: 'before\0after' })],
  [
    'a binary body (not UTF-8)',
    () => request({ encoding: 'base64', data: Buffer.from([0, 255, 254, 10, 39, 36, 0x80, 0xc3]).toString('base64') }),
  ],
  [
    'a body that is not JSON (an HTML page)',
    () =>
      request(
        { encoding: 'utf8', data: '<!doctype html>\n<p class="x">It\'s <b>not</b> JSON & {never} was</p>\n' },
        { headers: [{ name: 'content-type', value: 'text/html; charset=utf-8' }, ...secretHeaders] },
      ),
  ],
  ['an empty body', () => request({ encoding: 'utf8', data: '' })],
  ['no body, a GET', () => request(null, { method: 'GET' })],
  [
    'header values with quotes, $ and backticks, an empty value, a secret with a prefix',
    () =>
      request(
        { encoding: 'utf8', data: 'x' },
        {
          headers: [
            { name: 'x-note', value: `it's "quoted" $HOME \`id\` $(id) \\ !!` },
            { name: 'x-empty', value: '' },
            { name: 'content-type', value: 'text/plain; charset="utf-8"' },
            ...secretHeaders,
          ],
        },
      ),
  ],
  [
    'a URL with quotes, $, brackets and braces',
    () =>
      request(
        { encoding: 'utf8', data: '{}' },
        { url: new URL(`${server.baseURL}/it's/$HOME/[0]{a,b}?q=%22a%22&d=$PATH&e='x'`).href },
      ),
  ],
];

/** A file the header's value would create if the shell ran what is in it. */
const NEVER = join(tmpdir(), `wire-commands-never-${process.pid}`);

/** Header values with quotes, one with line breaks (no fetch sends it; an imported record may hold one). */
function lineBreakHeader(): WireRequest {
  return request(
    { encoding: 'utf8', data: '{"a":1}' },
    {
      headers: [
        { name: 'content-type', value: 'application/json' },
        { name: 'x-quoted', value: `it's "quoted" \`id\` $(id) \\ !!` },
        { name: 'x-two-lines', value: `one'\n"two"\nx-injected: yes\n$(touch ${NEVER})` },
        ...secretHeaders,
      ],
    },
  );
}

/** The server got the body and every other header, no line of the left-out value as a header, and nothing in it ran. */
function expectLineBreakLeftOut(req: WireRequest, command: string): void {
  expectSent(req, command);
  const seen = server.requests[0]!;
  expect(seen.headers['x-quoted']).toBe(`it's "quoted" \`id\` $(id) \\ !!`);
  expect(seen.headers['x-two-lines']).toBeUndefined();
  expect(seen.headers['x-injected']).toBeUndefined();
  expect(existsSync(NEVER)).toBe(false);
}

/** 10 MB of every byte value, NUL among them: not UTF-8, so it goes as base64. */
function tenMegabytesBinary(): WireRequest {
  const bytes = Buffer.alloc(10_000_000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + (i >> 8)) & 255;
  return request({ encoding: 'base64', data: bytes.toString('base64') });
}

describe('curlCommand, run by bash against a server', () => {
  for (const [name, make] of cases) {
    it(`sends the same method, URL, headers and body bytes: ${name}`, async () => {
      const req = make();
      const out = await runCurl(req);
      expect(out).toBe('{"ok":true}');
      expectSent(req, curlCommand(req));
    });
  }

  it('sends a 10 MB body byte for byte', async () => {
    const line = `{"role":"user","content":"it's $HOME \`x\` TOOLSCOPE_BODY é"}\n`;
    const req = request({ encoding: 'utf8', data: line.repeat(Math.ceil(10_000_000 / line.length)) });
    await runCurl(req);
    expectSent(req, curlCommand(req));
  });

  it('sends a large binary body byte for byte', async () => {
    const bytes = Buffer.alloc(300_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) & 255;
    const req = request({ encoding: 'base64', data: bytes.toString('base64') });
    await runCurl(req);
    expectSent(req, curlCommand(req));
  });

  it('sends a 10 MB binary body holding NUL bytes byte for byte', async () => {
    const req = tenMegabytesBinary();
    await runCurl(req);
    expectSent(req, curlCommand(req));
  });

  it('leaves out a header whose value holds quotes and a line break, and sends the rest', async () => {
    const req = lineBreakHeader();
    const command = curlCommand(req);
    expect(await runCurl(req)).toBe('{"ok":true}');
    expectLineBreakLeftOut(req, command);
    expect(
      command.startsWith('# Left out: header "x-two-lines", which holds a line break or NUL no request can carry.\n'),
    ).toBe(true);
  });

  it('names each secret by its variable and holds no value', () => {
    const text = curlCommand(request({ encoding: 'utf8', data: '{}' }));
    expect(text).toContain(`--header 'Authorization: Bearer '"$OPENAI_API_KEY"`);
    expect(text).toContain(`--header 'x-weather-key: '"$TOOLSCOPE_SECRET_WEATHER"`);
  });
});

describe('fetchCommand, run by node against a server', () => {
  for (const [name, make] of cases) {
    it(`sends the same method, URL, headers and body bytes: ${name}`, async () => {
      const req = make();
      const out = await runFetch(req);
      expect(out).toBe('200 {"ok":true}\n');
      expectSent(req, fetchCommand(req));
    });
  }

  it('sends a 10 MB body byte for byte', async () => {
    const line = `{"content":"it's \\"q\\" $HOME \`x\` é\\n"}\n`;
    const req = request({ encoding: 'utf8', data: line.repeat(Math.ceil(10_000_000 / line.length)) });
    await runFetch(req);
    expectSent(req, fetchCommand(req));
  });

  it('sends a 10 MB binary body holding NUL bytes byte for byte', async () => {
    const req = tenMegabytesBinary();
    await runFetch(req);
    expectSent(req, fetchCommand(req));
  });

  it('leaves out a header whose value holds quotes and a line break, and sends the rest', async () => {
    const req = lineBreakHeader();
    const command = fetchCommand(req);
    expect(await runFetch(req)).toBe('200 {"ok":true}\n');
    expectLineBreakLeftOut(req, command);
    expect(
      command.startsWith('// Left out: header "x-two-lines", which holds a line break or NUL no request can carry.\n'),
    ).toBe(true);
  });

  it('reads each secret from the environment', () => {
    const text = fetchCommand(request(null));
    expect(text).toContain('["Authorization", "Bearer " + process.env.OPENAI_API_KEY]');
    expect(text).toContain('["x-weather-key", process.env.TOOLSCOPE_SECRET_WEATHER]');
  });
});
