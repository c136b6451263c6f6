import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModernMcpServer, type ModernMcpServer } from '../../e2e/mcp-servers/modern-server';
import type { CapturedExchange } from '../domain/wire-exchange';
import { connectMcpServer, type McpConnection } from './connection';
import { inProcessCheck } from './testing/in-process-check';
import { createMcpToolHandles } from './tool-handles';

const SECRET = 'sk-mcp-capture-9c2e41';
let server: ModernMcpServer;
let conn: McpConnection;

beforeAll(async () => {
  server = await startModernMcpServer({ requireHeader: { name: 'x-api-key', value: SECRET } });
  const result = await connectMcpServer({ url: server.url, pageOrigin: null, headers: { 'X-Api-Key': SECRET } });
  if (result.status !== 'connected') throw new Error(JSON.stringify(result));
  conn = result.connection;
});
afterAll(async () => {
  await conn.close();
  await server.close();
});

const sig = () => new AbortController().signal;
const bodyOf = (e: CapturedExchange | undefined) => e?.request.body?.data ?? '';

describe('an MCP tool call captured (docs/wire-capture.md, "Tools")', () => {
  it("records the call's tools/call request as the server got it, its secret hidden, and the response", async () => {
    const captured: CapturedExchange[] = [];
    const before = server.recorder.requests.length;
    const result = await conn.callTool(
      'echo',
      { text: 'wire' },
      { signal: sig(), timeoutMs: 5_000, capture: (e) => captured.push(e) },
    );
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'echo: wire' }] });
    await expect.poll(() => captured.length).toBe(1);
    const call = server.recorder.requests.slice(before).find((r) => r.body.includes('"tools/call"'));
    expect(bodyOf(captured[0])).toBe(call?.body);
    expect(captured[0]?.request).toMatchObject({ method: 'POST', url: server.url });
    expect(captured[0]?.request.headers).toContainEqual({
      name: 'x-api-key',
      value: '',
      secret: { variable: 'TOOLSCOPE_SECRET_X_API_KEY' },
    });
    expect(captured[0]?.response?.status).toBe(200);
    expect(captured[0]?.response?.reads.map((r) => r.text).join('')).toContain('echo: wire');
    expect(JSON.stringify(captured)).not.toContain(SECRET);
    // What the server got carries the secret and no capture marker.
    expect(call?.headers['x-api-key']).toBe(SECRET);
    expect(Object.keys(call?.headers ?? {}).filter((h) => h.startsWith('x-toolscope'))).toEqual([]);
  });

  it("keeps another call's requests and the other requests out of a call's capture", async () => {
    const captured: CapturedExchange[] = [];
    const first = conn.callTool(
      'slow',
      { ms: 150 },
      { signal: sig(), timeoutMs: 5_000, capture: (e) => captured.push(e) },
    );
    await conn.callTool('echo', { text: 'not mine' }, { signal: sig(), timeoutMs: 5_000 });
    await conn.listTools({ refresh: true });
    await first;
    await expect.poll(() => captured.length).toBe(1);
    expect(bodyOf(captured[0])).toContain('"slow"');
    // Over: the next call with the same connection is not sent to the old sink.
    await conn.callTool('echo', { text: 'after' }, { signal: sig(), timeoutMs: 5_000 });
    expect(captured).toHaveLength(1);
  });

  it("a tool handle hands the loop's sink for the call to its connection", async () => {
    const made = createMcpToolHandles(conn, await conn.listTools(), {
      serverKey: 'srv-1',
      prefix: 'test',
      check: inProcessCheck(),
      reservedNames: [],
    });
    const echo = made.handles.find((h) => h.mcp.toolName === 'echo');
    const captured: CapturedExchange[] = [];
    const r = await echo?.run(
      { text: 'handle' },
      { signal: sig(), timeoutMs: 5_000, callId: 'c-1', capture: (e) => captured.push(e) },
    );
    expect(r?.outcome).toBe('ok');
    await expect.poll(() => captured.length).toBe(1);
    expect(bodyOf(captured[0])).toContain('"handle"');
  });
});
