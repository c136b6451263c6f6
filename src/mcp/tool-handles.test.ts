import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingServer, type EverythingMcpServer } from '../../e2e/mcp-servers/everything-server';
import { startModernMcpServer, type ModernMcpServer } from '../../e2e/mcp-servers/modern-server';
import { connectMcpServer, type McpConnection } from './connection';
import { inProcessCheck } from './testing/in-process-check';
import { until } from './testing/wait-until';
import { createMcpToolHandles, type McpToolHandle } from './tool-handles';
import { MODEL_TOOL_NAME } from './tool-names';
import type { McpCallOutcome, McpProgress } from './types';
import type { ToolProgress } from '../agent/tool-executor';

let modern: ModernMcpServer;
let legacy: EverythingMcpServer;
let conn: McpConnection;
let legacyConn: McpConnection;

async function open(url: string): Promise<McpConnection> {
  const r = await connectMcpServer({ url, pageOrigin: null });
  if (r.status !== 'connected') throw new Error(JSON.stringify(r));
  return r.connection;
}

beforeAll(async () => {
  [modern, legacy] = await Promise.all([startModernMcpServer(), startEverythingServer()]);
  [conn, legacyConn] = await Promise.all([open(modern.url), open(legacy.url)]);
});
afterAll(async () => {
  await Promise.all([conn.close(), legacyConn.close()]);
  await Promise.all([modern.close(), legacy.close()]);
});

const ctx = (extra: { signal?: AbortSignal; timeoutMs?: number; callId?: string } = {}) => ({
  signal: extra.signal ?? new AbortController().signal,
  timeoutMs: extra.timeoutMs ?? 10_000,
  callId: extra.callId ?? 'call_1',
});

async function handlesFor(connection: McpConnection, extra: Partial<Parameters<typeof createMcpToolHandles>[2]> = {}) {
  const tools = await connection.listTools();
  const outcomes = new Map<string, McpCallOutcome>();
  const made = createMcpToolHandles(connection, tools, {
    serverKey: 'srv-1',
    prefix: 'test',
    check: inProcessCheck(),
    reservedNames: ['js_eval'],
    onOutcome: (callId, outcome) => outcomes.set(callId, outcome),
    ...extra,
  });
  const get = (toolName: string): McpToolHandle => {
    const h = made.handles.find((x) => x.mcp.toolName === toolName);
    if (h === undefined) throw new Error(`no handle for ${toolName}`);
    return h;
  };
  return { ...made, get, outcomes };
}

describe('MCP tools as agent ToolHandles (2026-07-28 server)', () => {
  it('get valid unique names, and approval asks unless the server marks the tool read-only', async () => {
    const { handles, names, get } = await handlesFor(conn);
    expect(handles).toHaveLength(11);
    for (const h of handles) expect(h.spec.name).toMatch(MODEL_TOOL_NAME);
    expect(new Set(handles.map((h) => h.spec.name)).size).toBe(11);
    expect(names.find((n) => n.toolName === 'echo')?.modelName).toBe('test__echo');
    expect(get('echo').needsApproval).toBe(false);
    expect(get('untagged').needsApproval).toBe(true);
    expect(get('fails').needsApproval).toBe(true);
    expect(get('echo').spec).toMatchObject({
      description: 'Says the text back.',
      parameters: { type: 'object', required: ['text'] },
    });
  });

  it('validate arguments with the injected check', async () => {
    const { get } = await handlesFor(conn);
    expect(await get('echo').validate({ text: 'ok' })).toEqual([]);
    expect((await get('echo').validate({ text: 1 })).map((i) => i.path)).toEqual(['/text']);
  });

  it('run: text for the model, every block for the card', async () => {
    const { get, outcomes } = await handlesFor(conn);
    const echo = await get('echo').run({ text: 'hi' }, ctx());
    expect(echo).toMatchObject({ outcome: 'ok', content: 'echo: hi', logs: [] });
    // The call's JSON-RPC request and response, for the timeline: one round, the request carrying a traceparent.
    expect(echo.mcpMessages?.map((m) => m.dir)).toEqual(['sent', 'received']);
    expect(echo.mcpMessages?.[0]?.json).toMatch(
      /"method":"tools\/call".*"traceparent":"00-[0-9a-f]{32}-[0-9a-f]{16}-01"/,
    );
    expect(echo.mcpMessages?.[1]?.json).toContain('echo: hi');
    const media = await get('media').run({}, ctx({ callId: 'm' }));
    expect(media.content).toContain('[image image/png');
    expect(outcomes.get('m')?.blocks.find((b) => b.type === 'image')).toMatchObject({
      mimeType: 'image/png',
      data: expect.stringMatching(/^iVBOR/),
    });
    expect(await get('weather').run({ city: 'Oslo' }, ctx({ callId: 'w' }))).toMatchObject({ outcome: 'ok' });
    expect(outcomes.get('w')?.structured).toEqual({ value: { temperature: 21, conditions: 'sunny' }, issues: [] });
    expect(await get('fails').run({}, ctx())).toMatchObject({ outcome: 'error', content: 'The database is down.' });
    expect((await get('big').run({}, ctx())).content).toMatch(/output truncated/);
  });

  it("carry the caller's span in a traceparent, and report progress as tool progress only when someone watches", async () => {
    const progress: McpProgress[] = [];
    const traced = await handlesFor(conn, {
      trace: () => ({ traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7' }),
    });
    const r = await traced.get('slow').run(
      { ms: 100 },
      {
        ...ctx(),
        onProgress: (p: ToolProgress) => {
          if (p.kind === 'mcp') progress.push(p.progress);
        },
      },
    );
    const meta = (modern.recorder.calls('tools/call').at(-1) as { params: { _meta: Record<string, unknown> } }).params
      ._meta;
    expect(meta.traceparent).toBe('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    expect(meta.progressToken).toBeDefined();
    expect(progress.length).toBeGreaterThan(0);
    expect(r.logs[0]?.text).toMatch(/^progress 1/);

    const quiet = await handlesFor(conn);
    await quiet.get('slow').run({ ms: 50 }, ctx());
    const quietMeta =
      (modern.recorder.calls('tools/call').at(-1) as { params: { _meta?: Record<string, unknown> } }).params._meta ??
      {};
    expect(quietMeta.progressToken).toBeUndefined();
  });

  it("Stop (the run's signal) cancels the request; the server sees it", async () => {
    const { get } = await handlesFor(conn);
    const stop = new AbortController();
    const from = modern.events.length;
    const run = get('slow').run({}, ctx({ signal: stop.signal }));
    await modern.waitForEvent((e) => e.kind === 'started' && modern.events.indexOf(e) >= from);
    stop.abort();
    expect(await run).toMatchObject({ outcome: 'error', content: 'Cancelled.' });
    await modern.waitForEvent((e) => e.kind === 'cancelled' && modern.events.indexOf(e) >= from);
  });

  it('a timeout cancels the request too, and says so', async () => {
    const { get } = await handlesFor(conn);
    const from = modern.events.length;
    const r = await get('slow').run({}, ctx({ timeoutMs: 300 }));
    expect(r.outcome).toBe('error');
    expect(r.content).toMatch(/timed out/i);
    await modern.waitForEvent((e) => e.kind === 'cancelled' && modern.events.indexOf(e) >= from);
  });
});

describe('MCP tools as agent ToolHandles (2025-11-25 server)', () => {
  it('Stop sends notifications/cancelled for the call', async () => {
    const { get } = await handlesFor(legacyConn);
    const stop = new AbortController();
    const calls = legacy.recorder.calls('tools/call').length;
    const run = get('trigger-long-running-operation').run(
      { duration: 20, steps: 200 },
      { ...ctx({ signal: stop.signal }), onProgress: () => undefined },
    );
    await until(() => legacy.recorder.calls('tools/call').length > calls, 'the call to reach the server');
    stop.abort();
    expect(await run).toMatchObject({ outcome: 'error', content: 'Cancelled.' });
    const id = (legacy.recorder.calls('tools/call').at(-1) as { id: number }).id;
    await until(
      () =>
        legacy.recorder
          .calls('notifications/cancelled')
          .some((m) => (m.params as { requestId: number }).requestId === id),
      'notifications/cancelled',
    );
  });

  it('image results keep their data for the card', async () => {
    const { get, outcomes } = await handlesFor(legacyConn);
    const r = await get('get-tiny-image').run({}, ctx({ callId: 'img' }));
    expect(r.outcome).toBe('ok');
    expect(r.content).toMatch(/\[image image\/png, [\d.]+ (bytes|KB): attached as image 1\]/);
    expect(outcomes.get('img')?.blocks.some((b) => b.type === 'image' && b.data.length > 100)).toBe(true);
  });
});
