import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModernMcpServer, type ModernMcpServer } from '../../e2e/mcp-servers/modern-server';
import { connectMcpServer, type McpConnection } from './connection';
import { until } from './testing/wait-until';
import type { McpConnectionState, McpElicitRequest, McpElicitResponse, McpLogMessage, McpToolInfo } from './types';

let server: ModernMcpServer;
const open: McpConnection[] = [];

beforeAll(async () => {
  server = await startModernMcpServer();
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

describe('MCP connection, revision 2026-07-28 (the v2 server SDK)', () => {
  it('connects by discovery, without initialize or a session, and reports the negotiated revision', async () => {
    const states: McpConnectionState[] = [];
    const before = server.recorder.requests.length;
    const conn = await connect({ onState: (s) => states.push(s) });
    expect(states.map((s) => s.status)).toEqual(['connecting', 'connected']);
    expect(conn.server).toMatchObject({
      name: 'toolscope-modern-test',
      version: '1.2.3',
      protocolRevision: '2026-07-28',
      era: 'modern',
    });
    expect(conn.server.counts).toEqual({ tools: 11, resources: 0, prompts: 1 });
    const received = server.recorder.requests.slice(before);
    const methods = received.map((r) => JSON.parse(r.body || '{}').method);
    expect(methods[0]).toBe('server/discover');
    expect(methods).not.toContain('initialize');
    expect(received.every((r) => r.headers['mcp-session-id'] === undefined)).toBe(true);
    // Each request names its method in a header and carries the version in its _meta.
    const list = received.find((r) => r.headers['mcp-method'] === 'tools/list');
    expect(list?.headers['mcp-protocol-version']).toBe('2026-07-28');
    expect(JSON.parse(list?.body ?? '{}').params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');
  });

  it("serves the tool list from cache while the server's caching hint holds, and refetches on refresh", async () => {
    const conn = await connect();
    const lists = () => server.recorder.calls('tools/list').length;
    const before = lists();
    const tools = await conn.listTools();
    expect(tools.map((t) => t.name)).toContain('ask-name');
    expect(lists()).toBe(before);
    await conn.listTools({ refresh: true });
    expect(lists()).toBe(before + 1);
  });

  it('calls a tool with the traceparent in _meta, and asks for progress only when the caller wants it', async () => {
    const conn = await connect();
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const result = await conn.callTool('echo', { text: 'hi' }, { signal: sig(), timeoutMs: 5_000, traceparent });
    expect(result).toEqual({ content: [{ type: 'text', text: 'echo: hi' }], isError: false });
    const sent = server.recorder.calls('tools/call').at(-1) as { params: { _meta: Record<string, unknown> } };
    expect(sent.params._meta.traceparent).toBe(traceparent);
    expect(sent.params._meta.progressToken).toBeUndefined();

    const progress: number[] = [];
    await conn.callTool(
      'slow',
      { ms: 120 },
      { signal: sig(), timeoutMs: 5_000, onProgress: (p) => progress.push(p.progress) },
    );
    const slow = server.recorder.calls('tools/call').at(-1) as { params: { _meta: Record<string, unknown> } };
    expect(slow.params._meta.progressToken).toBeDefined();
    expect(progress.length).toBeGreaterThan(0);
  });

  it('cancels by closing the request: the server sees the cancel, and no notifications/cancelled is sent', async () => {
    const conn = await connect();
    const stop = new AbortController();
    const from = server.events.length;
    const call = conn.callTool('slow', {}, { signal: stop.signal, timeoutMs: 10_000 });
    await server.waitForEvent((e) => e.kind === 'started' && server.events.indexOf(e) >= from);
    stop.abort(new Error('Stop'));
    await expect(call).rejects.toThrow();
    const cancelled = await server.waitForEvent((e) => e.kind === 'cancelled' && server.events.indexOf(e) >= from);
    expect(cancelled.tool).toBe('slow');
    expect(server.recorder.calls('notifications/cancelled')).toEqual([]);
  });

  it('elicits in rounds (input_required, then the call again with the answers) and passes a decline back', async () => {
    const asked: McpElicitRequest[] = [];
    const conn = await connect({
      elicit: async (req): Promise<McpElicitResponse> => {
        asked.push(req);
        return {
          action: 'accept',
          content: 'name' in req.requestedSchema.properties ? { name: 'Ada' } : { confirm: true },
        };
      },
    });
    const result = await conn.callTool('ask-name', {}, { signal: sig(), timeoutMs: 5_000 });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
    expect(asked.map((a) => a.message)).toEqual(['Who should be greeted?', 'Greet Ada?']);
    expect(asked[0]?.requestedSchema.properties.name?.title).toBe('Your name');
    expect(asked[0]?.serverName).toBe('toolscope-modern-test');
    // Three calls on the wire: the first, and one retry per answered round, each with that round's answers.
    const retries = server.recorder.calls('tools/call').slice(-3) as {
      params: { inputResponses?: Record<string, unknown> };
    }[];
    expect(retries.map((r) => Object.keys(r.params.inputResponses ?? {}))).toEqual([[], ['name'], ['confirm']]);

    const declining = await connect({ elicit: async () => ({ action: 'decline' }) });
    const declined = await declining.callTool('ask-name', {}, { signal: sig(), timeoutMs: 5_000 });
    expect(declined.content).toEqual([{ type: 'text', text: 'No greeting: the user chose decline.' }]);
  });

  it('declares elicitation only when it can ask the person', async () => {
    const before = server.recorder.requests.length;
    await connect();
    const discover = server.recorder.requests.slice(before).find((r) => r.headers['mcp-method'] === 'server/discover');
    expect(JSON.parse(discover?.body ?? '{}').params._meta['io.modelcontextprotocol/clientCapabilities']).toEqual({});
  });

  it('asks for logs per request (the level in _meta) and hands them over', async () => {
    const logs: McpLogMessage[] = [];
    const conn = await connect({ logLevel: 'info', onLog: (m) => logs.push(m) });
    await conn.callTool('slow', { ms: 20 }, { signal: sig(), timeoutMs: 5_000 });
    const sent = server.recorder.calls('tools/call').at(-1) as { params: { _meta: Record<string, unknown> } };
    expect(sent.params._meta['io.modelcontextprotocol/logLevel']).toBe('info');
    await until(() => logs.length > 0, 'the log message');
    expect(logs[0]).toEqual({ level: 'info', logger: 'slow', data: 'slow tool started' });
  });

  it('hears of new tools over subscriptions/listen', async () => {
    const lists: McpToolInfo[][] = [];
    await connect({ onToolsChanged: (tools) => lists.push(tools) });
    server.addTool('added-later');
    await until(() => lists.some((l) => l.some((t) => t.name === 'added-later')), 'the tools-changed callback');
    expect(server.recorder.calls('subscriptions/listen').length).toBeGreaterThan(0);
  });
});
