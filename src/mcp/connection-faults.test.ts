/*
 * A server that breaks the protocol on a live connection, over real sockets (the modern test server's fault mode,
 * e2e/mcp-servers/faults.ts): each request fails at once with one typed error whose sentence names the server and
 * what was wrong, the connection reports itself broken, and a healthy answer afterwards still comes through.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startModernMcpServer, type ModernMcpServer } from '../../e2e/mcp-servers/modern-server';
import type { McpFault } from '../../e2e/mcp-servers/faults';
import { connectMcpServer, type McpConnection } from './connection';
import { McpSessionClosedError } from './mcp-session';
import { McpProtocolFaultError } from './protocol-fault';
import { until } from './testing/wait-until';
import type { McpConnectionState } from './types';

let server: ModernMcpServer;
const open: McpConnection[] = [];
let states: McpConnectionState[] = [];

beforeAll(async () => {
  server = await startModernMcpServer();
});
afterAll(() => server.close());
afterEach(async () => {
  server.setFault('none');
  states = [];
  await Promise.all(open.splice(0).map((c) => c.close()));
});

async function connect(): Promise<McpConnection> {
  const result = await connectMcpServer({
    url: server.url,
    pageOrigin: null,
    onState: (s) => states.push(s),
    onToolsChanged: () => undefined,
  });
  if (result.status !== 'connected') throw new Error(`not connected: ${JSON.stringify(result)}`);
  open.push(result.connection);
  return result.connection;
}

// Long enough that a call waiting for its timeout is told apart by its error, not by a stopwatch.
const call = (c: McpConnection) =>
  c.callTool('echo', { text: 'hi' }, { signal: new AbortController().signal, timeoutMs: 60_000 });

const cases: Array<[McpFault, RegExp]> = [
  [
    'call-not-json',
    /^The MCP server "toolscope-modern-test" answered tools\/call with a body that is not JSON \(.*JSON.*\)\. Toolscope closed the connection/,
  ],
  [
    'call-sse-not-json',
    /^The MCP server "toolscope-modern-test" answered tools\/call with an event whose data is not a JSON-RPC message \(its data begins: \{"jsonrpc":"2\.0","id":\d+,"result":<html>\)\./,
  ],
  [
    'call-not-json-rpc',
    /^The MCP server "toolscope-modern-test" answered tools\/call with JSON that is not a JSON-RPC message\. /,
  ],
  [
    'call-bad-result',
    /^The MCP server "toolscope-modern-test" sent a tools\/call result that breaks the MCP schema: content: expected array, received string\. /,
  ],
];

describe('a server that breaks the protocol on a live connection', () => {
  for (const [fault, sentence] of cases) {
    it(`${fault}: the call fails with a sentence, the connection reports broken, a healthy answer follows`, async () => {
      const c = await connect();
      expect((await call(c)).content).toEqual([{ type: 'text', text: 'echo: hi' }]);
      server.setFault(fault);
      const error: unknown = await call(c).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(McpProtocolFaultError);
      expect((error as Error).message).toMatch(sentence);
      expect(states.at(-1)).toMatchObject({
        status: 'failed',
        failure: { kind: 'broken', fault: { request: 'tools/call' }, message: (error as Error).message },
      });
      server.setFault('none');
      expect((await call(c)).content).toEqual([{ type: 'text', text: 'echo: hi' }]);
    });
  }

  it('a tools/list the server says changed, answered against the schema: broken, in words', async () => {
    await connect();
    server.setFault('list-bad-result');
    server.addTool('added-while-broken');
    await until(() => states.at(-1)?.status === 'failed', 'the connection to report broken');
    expect(states.at(-1)).toMatchObject({
      status: 'failed',
      failure: {
        kind: 'broken',
        message: expect.stringMatching(
          /^The MCP server "toolscope-modern-test" sent a tools\/list result that breaks the MCP schema: tools: expected array, received string\. /,
        ),
      },
    });
  });

  it("connecting again to a server whose tools/list breaks the schema fails in words, not with the parser's dump", async () => {
    server.setFault('list-bad-result');
    const result = await connectMcpServer({ url: server.url, pageOrigin: null });
    expect(result).toMatchObject({ status: 'failed', failure: { kind: 'protocol' } });
    if (result.status === 'failed') {
      expect(result.failure.message).toBe(
        `${new URL(server.url).host} did not answer as an MCP server should: it sent a tools/list result that breaks the MCP schema: tools: expected array, received string.`,
      );
    }
  });

  it('an error the server answers on purpose (an unknown tool) leaves the connection as it was', async () => {
    const c = await connect();
    const before = states.length;
    const error: unknown = await c
      .callTool('no-such-tool', {}, { signal: new AbortController().signal, timeoutMs: 60_000 })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeInstanceOf(McpProtocolFaultError);
    expect(states.slice(before)).toEqual([]);
  });
});

describe('a connection the page closed while a run still offered its tools', () => {
  it('a call on it fails with a sentence that says what happened and what comes next', async () => {
    const c = await connect();
    await c.close();
    const error: unknown = await call(c).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpSessionClosedError);
    expect((error as Error).message).toMatch(
      /^Toolscope had closed the connection to this MCP server .* the next run connects again\.$/,
    );
  });
});
