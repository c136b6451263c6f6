import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type EverythingMcpServer } from '../../e2e/mcp-servers/everything-server';
import { connectMcpServer, type McpConnection } from './connection';
import { until } from './testing/wait-until';
import type { McpWireMessage } from '../domain/mcp-call-trace';
import type { McpElicitRequest, McpLogMessage } from './types';

let server: EverythingMcpServer;
const open: McpConnection[] = [];

beforeAll(async () => {
  server = await startEverythingServer();
});
afterAll(() => server.close());
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(extra: Partial<Parameters<typeof connectMcpServer>[0]> = {}): Promise<McpConnection> {
  const result = await connectMcpServer({ url: server.url, pageOrigin: null, ...extra });
  if (result.status !== 'connected') throw new Error(`not connected: ${JSON.stringify(result)}`);
  open.push(result.connection);
  return result.connection;
}

const sig = () => new AbortController().signal;
const methodsSince = (n: number) =>
  server.recorder.requests.slice(n).map((r) => `${r.method} ${r.body === '' ? '' : String(JSON.parse(r.body).method)}`);

describe('MCP connection, revision 2025-11-25 (server-everything)', () => {
  it('tries discovery, falls back to initialize, and keeps the session the server gives', async () => {
    const before = server.recorder.requests.length;
    const conn = await connect();
    expect(conn.server).toMatchObject({
      name: 'mcp-servers/everything',
      title: 'Everything Reference Server',
      protocolRevision: '2025-11-25',
      era: 'legacy',
    });
    expect(conn.server.counts.tools).toBeGreaterThan(5);
    expect(conn.server.counts.resources).toBeGreaterThan(0);
    expect(conn.server.counts.prompts).toBeGreaterThan(0);
    const methods = methodsSince(before);
    expect(methods.slice(0, 3)).toEqual(['POST server/discover', 'POST initialize', 'POST notifications/initialized']);
    const list = server.recorder.requests.slice(before).find((r) => r.body.includes('"tools/list"'));
    expect(list?.headers['mcp-session-id']).toBe(server.sessions().at(-1));
    expect(list?.headers['mcp-protocol-version']).toBe('2025-11-25');
  });

  it('lists and calls tools', async () => {
    const conn = await connect();
    const tools = await conn.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'trigger-long-running-operation']),
    );
    const result = await conn.callTool(
      'get-sum',
      { a: 2, b: 3 },
      { signal: sig(), timeoutMs: 5_000, traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    );
    expect(result.isError).toBe(false);
    expect(JSON.stringify(result.content)).toContain('5');
    const sent = server.recorder.calls('tools/call').at(-1) as { params: { _meta?: Record<string, unknown> } };
    expect(sent.params._meta?.traceparent).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
  });

  it('cancels with notifications/cancelled naming the request, as this revision defines', async () => {
    const conn = await connect();
    const stop = new AbortController();
    const progress: number[] = [];
    const call = conn.callTool(
      'trigger-long-running-operation',
      { duration: 20, steps: 200 },
      { signal: stop.signal, timeoutMs: 30_000, onProgress: (p) => progress.push(p.progress) },
    );
    await until(() => progress.length > 0, 'the first progress notification');
    stop.abort(new Error('Stop'));
    await expect(call).rejects.toThrow();
    const callId = (server.recorder.calls('tools/call').at(-1) as { id: number }).id;
    await until(
      () =>
        server.recorder
          .calls('notifications/cancelled')
          .some((m) => (m.params as { requestId: number }).requestId === callId),
      'notifications/cancelled for the call',
    );
  });

  it("answers the server's elicitation/create request: accept and decline", async () => {
    const asked: McpElicitRequest[] = [];
    const conn = await connect({
      elicit: async (req) => {
        asked.push(req);
        return { action: 'accept', content: { name: 'Ada Lovelace', check: true } };
      },
    });
    const result = await conn.callTool('trigger-elicitation-request', {}, { signal: sig(), timeoutMs: 10_000 });
    expect(JSON.stringify(result.content)).toContain('Name: Ada Lovelace');
    expect(asked[0]?.message).toBe('Please provide inputs for the following fields:');
    expect(asked[0]?.requestedSchema.properties.name?.title).toBe('String');

    const declining = await connect({ elicit: async () => ({ action: 'decline' }) });
    const declined = await declining.callTool('trigger-elicitation-request', {}, { signal: sig(), timeoutMs: 10_000 });
    expect(JSON.stringify(declined.content)).toContain('User declined');
  });

  it('passes a URL-mode request to the person only when the app can ask about links, and answers with their choice', async () => {
    const formOnly = await connect({ elicit: async () => ({ action: 'decline' }) });
    expect((await formOnly.listTools()).map((t) => t.name)).not.toContain('trigger-url-elicitation');

    const links: { url: string; message: string }[] = [];
    const conn = await connect({
      elicit: async () => ({ action: 'decline' }),
      elicitUrl: async (req) => {
        links.push({ url: req.url, message: req.message });
        return { action: links.length === 1 ? 'accept' : 'decline' };
      },
    });
    const args = { url: 'https://example.com/verify', message: 'Verify your account' };
    const accepted = await conn.callTool('trigger-url-elicitation', args, { signal: sig(), timeoutMs: 10_000 });
    const declined = await conn.callTool('trigger-url-elicitation', args, { signal: sig(), timeoutMs: 10_000 });
    expect(links).toEqual([
      { url: 'https://example.com/verify', message: 'Verify your account' },
      { url: 'https://example.com/verify', message: 'Verify your account' },
    ]);
    expect(JSON.stringify(accepted.content)).toMatch(/accept/i);
    expect(JSON.stringify(declined.content)).toMatch(/declin/i);
  });

  it('opens an expired session again, once, and the request goes through', async () => {
    const conn = await connect();
    const before = server.recorder.requests.length;
    await server.expireSessions();
    const result = await conn.callTool('echo', { message: 'again' }, { signal: sig(), timeoutMs: 5_000 });
    expect(JSON.stringify(result.content)).toContain('again');
    const methods = methodsSince(before);
    expect(methods.filter((m) => m === 'POST initialize')).toHaveLength(1);
    expect(methods.filter((m) => m === 'POST tools/call')).toHaveLength(2);
    expect(methods).not.toContain('POST server/discover');
  });

  it("sets the session's log level when asked for logs, and hands the server's logs over", async () => {
    const logs: McpLogMessage[] = [];
    const conn = await connect({ logLevel: 'debug', onLog: (m) => logs.push(m) });
    expect(server.recorder.calls('logging/setLevel').at(-1)).toMatchObject({ params: { level: 'debug' } });
    await conn.callTool('toggle-simulated-logging', {}, { signal: sig(), timeoutMs: 5_000 });
    await until(() => logs.length > 0, 'a log message');
    expect(logs[0]?.level).toMatch(/debug|info|notice|warning|error|critical|alert|emergency/);
    await conn.callTool('toggle-simulated-logging', {}, { signal: sig(), timeoutMs: 5_000 });
  });

  it('ends the session on close', async () => {
    const conn = await connect();
    const id = server.sessions().at(-1);
    await conn.close();
    open.splice(open.indexOf(conn), 1);
    const ended = server.recorder.requests.filter((r) => r.method === 'DELETE' && r.headers['mcp-session-id'] === id);
    expect(ended).toHaveLength(1);
  });

  it('gives each of two parallel calls its own elicitation request and answer, by the event stream it came on', async () => {
    let release: () => void = () => undefined;
    const bothAsked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    const conn = await connect({
      elicit: async () => {
        const n = ++asked;
        if (n === 2) release();
        // Both requests are open before either is answered: neither call is the only one in flight.
        await bothAsked;
        return { action: 'accept', content: { name: n === 1 ? 'First Answer' : 'Second Answer', check: true } };
      },
    });
    const wires: McpWireMessage[][] = [[], []];
    const results = await Promise.all(
      wires.map((wire) => conn.callTool('trigger-elicitation-request', {}, { signal: sig(), timeoutMs: 10_000, wire })),
    );
    for (const [i, wire] of wires.entries()) {
      const messages = wire.map(
        (m) => JSON.parse(m.json) as { id?: number; method?: string; result?: { content?: { name?: string } } },
      );
      const request = messages.filter((m) => m.method === 'elicitation/create');
      expect(request).toHaveLength(1);
      const answers = messages.filter(
        (m) => m.method === undefined && m.id === request[0]?.id && m.result?.content !== undefined,
      );
      expect(answers).toHaveLength(1);
      // The answer kept with this call is the one the server used for this call's result.
      expect(JSON.stringify(results[i]?.content)).toContain(`Name: ${answers[0]?.result?.content?.name ?? 'none'}`);
      expect(wire.map((m) => m.dir)).toEqual(['sent', 'received', 'sent', 'received']);
    }
    const names = wires.map(
      (w) => w.find((m) => m.dir === 'sent' && m.json.includes('"action"'))?.json.match(/(First|Second) Answer/)?.[0],
    );
    expect(names.sort()).toEqual(['First Answer', 'Second Answer']);
  });
});
