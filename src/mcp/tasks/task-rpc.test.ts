import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTasksMcpServer, type TasksMcpServer } from '../../../e2e/mcp-servers/tasks-server';
import { followTask } from './follow-task';
import { createTaskRpc, headerValue, TaskRpcError, type TaskRpc } from './task-rpc';

let server: TasksMcpServer;
let rpc: TaskRpc;
const seen: Array<{ dir: string; message: unknown }> = [];

beforeAll(async () => {
  server = await startTasksMcpServer({ pollIntervalMs: 250 });
  rpc = createTaskRpc({
    url: new URL(server.url),
    fetch: (input, init) => fetch(input, init),
    protocolVersion: '2026-07-28',
    clientInfo: { name: 'Toolscope', version: 'test' },
    clientCapabilities: { elicitation: { form: {} } },
    onMessage: (dir, message) => seen.push({ dir, message }),
  });
});
afterAll(async () => {
  await server.close();
});

const noSleep = async () => undefined;
const never = new AbortController().signal;

async function startTask(tool: string, args: Record<string, unknown> = {}) {
  const out = await rpc.callTool(tool, args, {});
  if (out.kind !== 'task') throw new Error(`expected a task, got ${JSON.stringify(out)}`);
  return out.task;
}

describe('createTaskRpc against a tasks-extension server', () => {
  it('gets a task handle from tools/call and follows it to its result, with the headers and envelope the extension asks for', async () => {
    const handle = await startTask('count_slowly', { steps: 2 });
    expect(handle).toMatchObject({ status: 'working', pollIntervalMs: 250 });
    const statuses: string[] = [];
    const end = await followTask(handle, {
      wire: rpc.wire,
      elicit: async () => ({ action: 'cancel' }),
      onProgress: (p) => statuses.push(`${p.status}:${p.statusMessage ?? ''}`),
      cancel: never,
      sleep: noSleep,
    });
    expect(end).toEqual({
      kind: 'completed',
      result: { content: [{ type: 'text', text: 'Counted to 2.' }], isError: false },
    });
    expect(statuses).toContain('working:step 1 of 2');

    const call = server.recorder.requests.find((r) => r.body.includes('"count_slowly"'));
    expect(call?.headers['mcp-method']).toBe('tools/call');
    expect(call?.headers['mcp-name']).toBe('count_slowly');
    expect(call?.headers['mcp-protocol-version']).toBe('2026-07-28');
    const body = JSON.parse(call?.body ?? '{}') as { params: { _meta: Record<string, unknown> } };
    expect(body.params._meta['io.modelcontextprotocol/clientCapabilities']).toEqual({
      elicitation: { form: {} },
      extensions: { 'io.modelcontextprotocol/tasks': {} },
    });
    expect(body.params._meta['io.modelcontextprotocol/protocolVersion']).toBe('2026-07-28');

    const gets = server.recorder.requests.filter(
      (r) => r.headers['mcp-method'] === 'tasks/get' && r.body.includes(handle.taskId),
    );
    expect(gets.length).toBeGreaterThanOrEqual(2);
    expect(gets.every((r) => r.headers['mcp-name'] === handle.taskId)).toBe(true);
    expect(seen.some((s) => s.dir === 'received' && JSON.stringify(s.message).includes('Counted to 2.'))).toBe(true);
  });

  it('answers the task input through the form and sends it with tasks/update under its key', async () => {
    const handle = await startTask('ask_name');
    const asked: string[] = [];
    const end = await followTask(handle, {
      wire: rpc.wire,
      elicit: async (r) => {
        asked.push(r.message);
        return { action: 'accept', content: { name: 'Ada' } };
      },
      onProgress: () => undefined,
      cancel: never,
      sleep: noSleep,
    });
    expect(asked).toEqual(['What name should the task greet?']);
    expect(end).toMatchObject({ kind: 'completed', result: { content: [{ type: 'text', text: 'Hello, Ada!' }] } });
    const update = server.recorder.requests.find((r) => r.headers['mcp-method'] === 'tasks/update');
    expect(update?.headers['mcp-name']).toBe(handle.taskId);
  });

  it("reports a failed task with the server's error", async () => {
    const end = await followTask(await startTask('doomed_job'), {
      wire: rpc.wire,
      elicit: async () => ({ action: 'cancel' }),
      onProgress: () => undefined,
      cancel: never,
      sleep: noSleep,
    });
    expect(end).toEqual({ kind: 'failed', message: 'The job ran out of disk space' });
  });

  it('cancels with tasks/cancel and follows the task until the server says it stopped', async () => {
    const handle = await startTask('long_job');
    const stop = new AbortController();
    const statuses: string[] = [];
    let polls = 0;
    const end = await followTask(handle, {
      wire: rpc.wire,
      elicit: async () => ({ action: 'cancel' }),
      onProgress: (p) => statuses.push(p.status),
      cancel: stop.signal,
      sleep: async () => {
        polls += 1;
        if (polls === 2) stop.abort();
      },
    });
    expect(end.kind).toBe('cancelled');
    expect(statuses).toContain('cancelling');
    expect(server.tasks.get(handle.taskId)?.status).toBe('cancelled');
    expect(
      server.recorder.requests.some(
        (r) => r.headers['mcp-method'] === 'tasks/cancel' && r.headers['mcp-name'] === handle.taskId,
      ),
    ).toBe(true);
  });

  it('turns a JSON-RPC error into a TaskRpcError with its code', async () => {
    const error = await rpc.wire.get('no-such-task').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskRpcError);
    expect(error).toMatchObject({
      kind: 'rpc',
      code: -32602,
      message: 'tasks/get failed: Failed to retrieve task: Task not found',
    });
  });
});

describe('createTaskRpc replies', () => {
  const reply = (body: string, type: string, status = 200) =>
    createTaskRpc({
      url: new URL('http://127.0.0.1:9/mcp'),
      fetch: async () => new Response(body, { status, headers: { 'content-type': type } }),
      protocolVersion: '2026-07-28',
      clientInfo: { name: 't', version: '1' },
    });

  it('reads the answer out of an event stream, skipping notifications', async () => {
    let id = '';
    const rpcSse = createTaskRpc({
      url: new URL('http://127.0.0.1:9/mcp'),
      fetch: async (_input, init) => {
        id = (JSON.parse(String(init?.body)) as { id: string }).id;
        const events = [
          { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
          { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: 'plain' }] } },
        ];
        return new Response(events.map((e) => `event: message\ndata: ${JSON.stringify(e)}\n\n`).join(''), {
          headers: { 'content-type': 'text/event-stream' },
        });
      },
      protocolVersion: '2026-07-28',
      clientInfo: { name: 't', version: '1' },
    });
    await expect(rpcSse.callTool('plain', {}, {})).resolves.toEqual({
      kind: 'result',
      result: { content: [{ type: 'text', text: 'plain' }] },
    });
  });

  it('says what went wrong for HTTP errors, non-JSON-RPC answers and broken handles', async () => {
    await expect(reply('<h1>down</h1>', 'text/html', 502).wire.get('t')).rejects.toMatchObject({
      kind: 'http',
      message: 'The server answered tasks/get with HTTP 502.',
    });
    await expect(reply('{"hello":1}', 'application/json').wire.get('t')).rejects.toMatchObject({ kind: 'format' });
  });

  it('writes unsafe header values in the base64 form', () => {
    expect(headerValue('abc-123')).toBe('abc-123');
    expect(headerValue('héllo')).toBe(`=?base64?${Buffer.from('héllo').toString('base64')}?=`);
    expect(headerValue(' padded')).toMatch(/^=\?base64\?/);
  });
});
