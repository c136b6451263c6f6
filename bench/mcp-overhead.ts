/**
 * npx tsx bench/mcp-overhead.ts — what the app's MCP layer adds to a tool call, as a ratio to the bare v2 SDK client
 * calling the same local server in the same process (architecture.md, "Speed targets": ratios, never bare times).
 *
 * One 2026-07-28 test server (e2e/mcp-servers/modern-server.ts) on 127.0.0.1; three clients connected to it:
 *   sdk        Client + StreamableHTTPClientTransport, version negotiation on, callTool('echo') — the floor;
 *   connection connectMcpServer(...).callTool — the app's connection (origin-bound fetch, wire log, session);
 *   handle     the ToolHandle the agent's executor runs (argument check, result conversion, output limit); the check
 *              is the app's validator (argsValidatorFor) in this process; the page runs the same checks in a worker.
 * A sample is CALLS sequential calls; rounds rotate the order of the paths, and each ratio is the median over rounds
 * of (path / sdk in that round). Times are process CPU (the server runs in this process and does the same work
 * for every path), which a shared machine disturbs far less than wall time.
 */
import { recordFigures } from './results-file';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startModernMcpServer } from '../e2e/mcp-servers/modern-server';
import { connectMcpServer } from '../src/mcp/connection';
import { createMcpToolHandles } from '../src/mcp/tool-handles';
import type { SchemaCheck } from '../src/mcp/types';
import { argsValidatorFor } from '../src/tools/validate-args';
import { cpuMs, spread, type Spread } from './stats';

const CALLS = 25;
const WARMUP_ROUNDS = 2;
const ROUNDS = 9;

type PathName = 'sdk' | 'connection' | 'handle';
type Path = { name: PathName; call: (i: number) => Promise<void> };

/** The app's own validator in this process: compiled once per (id, schema text), the cache the page's worker keeps. */
const appCheck: SchemaCheck = async ({ id, schema }, value) => argsValidatorFor({ id, parameters: schema })(value);

async function main(): Promise<void> {
  const server = await startModernMcpServer({ cors: 'full' });
  const sdkClient = new Client({ name: 'bench-sdk', version: '0.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await sdkClient.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  const connected = await connectMcpServer({ url: server.url, pageOrigin: null });
  if (connected.status !== 'connected') throw new Error(`connect failed: ${JSON.stringify(connected)}`);
  const connection = connected.connection;
  const tools = await connection.listTools();
  const { handles } = createMcpToolHandles(connection, tools, { serverKey: 'bench', prefix: 'bench', check: appCheck });
  const echo = handles.find((h) => h.mcp.toolName === 'echo');
  if (echo === undefined) throw new Error('the test server lists no echo tool');
  const signal = new AbortController().signal;

  const paths: Path[] = [
    {
      name: 'sdk',
      call: async (i) => void (await sdkClient.callTool({ name: 'echo', arguments: { text: `hi ${i}` } })),
    },
    {
      name: 'connection',
      call: async (i) => void (await connection.callTool('echo', { text: `hi ${i}` }, { signal, timeoutMs: 30_000 })),
    },
    {
      name: 'handle',
      call: async (i) => void (await echo.run({ text: `hi ${i}` }, { signal, timeoutMs: 30_000, callId: `c${i}` })),
    },
  ];
  const sample = async (path: Path): Promise<number> => {
    const start = cpuMs();
    for (let i = 0; i < CALLS; i++) await path.call(i);
    return cpuMs() - start;
  };

  const ms: Record<PathName, number[]> = { sdk: [], connection: [], handle: [] };
  const ratios: Record<'connection' | 'handle', number[]> = { connection: [], handle: [] };
  for (let round = 0; round < WARMUP_ROUNDS + ROUNDS; round++) {
    const order = [...paths.slice(round % paths.length), ...paths.slice(0, round % paths.length)];
    const got: Partial<Record<PathName, number>> = {};
    for (const path of order) got[path.name] = await sample(path);
    if (round < WARMUP_ROUNDS) continue;
    const base = got.sdk ?? NaN;
    for (const name of ['sdk', 'connection', 'handle'] as const) ms[name].push(got[name] ?? NaN);
    ratios.connection.push((got.connection ?? NaN) / base);
    ratios.handle.push((got.handle ?? NaN) / base);
  }
  await connection.close();
  await sdkClient.close();
  await server.close();

  const perCall = (name: PathName) => spread(ms[name]).median / CALLS;
  const fmt = (s: Spread) => `${s.median.toFixed(2)}x (${s.p25.toFixed(2)}-${s.p75.toFixed(2)})`;
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    server: `${connected.server.name} ${connected.server.protocolRevision}`,
    callsPerSample: CALLS,
    rounds: ROUNDS,
    cpuMsPerCall: { sdk: perCall('sdk'), connection: perCall('connection'), handle: perCall('handle') },
    ratioToSdk: { connection: spread(ratios.connection), handle: spread(ratios.handle) },
  };
  const out = process.stdout;
  out.write(
    `\nMCP call overhead, ${result.server}, ${CALLS} calls x ${ROUNDS} rounds (median CPU ms per call; ratio to the bare SDK client, p25-p75):\n`,
  );
  out.write(`  sdk        ${result.cpuMsPerCall.sdk.toFixed(3)} ms\n`);
  out.write(`  connection ${result.cpuMsPerCall.connection.toFixed(3)} ms  ${fmt(result.ratioToSdk.connection)}\n`);
  out.write(`  handle     ${result.cpuMsPerCall.handle.toFixed(3)} ms  ${fmt(result.ratioToSdk.handle)}\n`);

  recordFigures('mcpCallOverhead', result);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
