import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTasksMcpServer, type TasksMcpServer } from '../../../e2e/mcp-servers/tasks-server';
import { wireMessageKind, type McpWireMessage } from '../../domain/mcp-call-trace';
import type { McpLogMessage, McpProgress } from '../types';
import { followTask, type TaskEnd } from './follow-task';
import { taskAwareCall, type TaskCallContext } from './task-call';

let server: TasksMcpServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const never = new AbortController().signal;
const context = (url: string, onLog?: (m: McpLogMessage) => void): TaskCallContext & { protocolVersion: string } => ({
  url: new URL(url),
  fetch: (input, init) => fetch(input, init),
  clientInfo: { name: 'Toolscope', version: 'test' },
  clientCapabilities: {},
  protocolVersion: '2026-07-28',
  ...(onLog !== undefined ? { onLog } : {}),
});

/** Runs a task tool through the raw path and follows its task; the end and the call's result text. */
async function run(
  s: TasksMcpServer,
  tool: string,
  args: Record<string, unknown>,
  o: {
    onLog?: (m: McpLogMessage) => void;
    onProgress?: (p: McpProgress) => void;
    sleep?: (ms: number) => Promise<void>;
    onHandle?: (taskId: string) => void;
    wire?: McpWireMessage[];
  } = {},
) {
  let end: TaskEnd | undefined;
  const result = await taskAwareCall(context(s.url, o.onLog), {
    name: tool,
    args,
    meta: {},
    signal: never,
    ...(o.onProgress !== undefined ? { onProgress: o.onProgress } : {}),
    ...(o.wire !== undefined ? { wire: o.wire } : {}),
    onTask: async (task, wire) => {
      o.onHandle?.(task.taskId);
      end = await followTask(task, {
        wire,
        elicit: async () => ({ action: 'cancel' }),
        onProgress: () => undefined,
        cancel: never,
        ...(o.sleep !== undefined ? { sleep: o.sleep } : {}),
      });
      return { content: [{ type: 'text', text: end.kind }], isError: end.kind !== 'completed' };
    },
  });
  return { end, result };
}

const methodCount = (s: TasksMcpServer, method: string, taskId?: string) =>
  s.recorder.requests.filter(
    (r) => r.headers['mcp-method'] === method && (taskId === undefined || r.headers['mcp-name'] === taskId),
  ).length;

describe('the raw task path: notifications and the time-to-live backstop', () => {
  it("shows the call's progress and the server's log messages from the replies' event streams, as the SDK path does", async () => {
    server = await startTasksMcpServer({ pollIntervalMs: 250, notifications: true });
    const logs: McpLogMessage[] = [];
    const progress: McpProgress[] = [];
    const { end } = await run(
      server,
      'count_slowly',
      { steps: 3 },
      { onLog: (m) => logs.push(m), onProgress: (p) => progress.push(p), sleep: async () => undefined },
    );
    expect(end?.kind).toBe('completed');
    expect(logs[0]).toMatchObject({ level: 'info', logger: 'tasks' });
    expect(String(logs[0]?.data)).toMatch(/^count_slowly accepted as task /);
    // The first from tools/call's stream, then one per poll that advanced the count.
    expect(progress.map((p) => p.progress)).toEqual([0, 1, 2, 3]);
    expect(progress[1]).toEqual({ progress: 1, total: 3, message: 'step 1 of 3' });
    const call = server.recorder.requests.find((r) => r.headers['mcp-method'] === 'tools/call');
    expect(
      (JSON.parse(call?.body ?? '{}') as { params: { _meta: { progressToken?: unknown } } }).params._meta.progressToken,
    ).toEqual(expect.any(String));

    // Without onProgress no token is asked for, and the replies stay plain JSON.
    const before = logs.length;
    await run(server, 'count_slowly', { steps: 1 }, { sleep: async () => undefined });
    const plain = server.recorder.requests.filter((r) => r.headers['mcp-method'] === 'tools/call').at(-1);
    expect(plain?.body).not.toContain('progressToken');
    expect(logs.length).toBe(before);
  });

  it('takes a status the server pushes with notifications/tasks at once, without waiting for the next poll', async () => {
    // A 30 s poll interval: only the push can end this test in time.
    server = await startTasksMcpServer({ pollIntervalMs: 30_000, notifications: true });
    let taskId = '';
    const s = server;
    const running = run(s, 'long_job', {}, { onHandle: (id) => (taskId = id) });
    await vi.waitFor(() => expect(taskId !== '' && s.subscribers(taskId) === 1).toBe(true), { timeout: 5000 });
    s.finishLongJobs();
    const { end, result } = await running;
    expect(end).toEqual({
      kind: 'completed',
      result: { content: [{ type: 'text', text: 'Long job done.' }], isError: false },
    });
    expect(result.isError).toBe(false);
    expect(methodCount(s, 'tasks/get', taskId)).toBe(0);
    // The stream is closed once the task ended.
    await vi.waitFor(() => expect(s.subscribers(taskId)).toBe(0), { timeout: 5000 });
  });

  it('a server without pushes is polled as before', async () => {
    server = await startTasksMcpServer({ pollIntervalMs: 250 });
    const { end } = await run(server, 'count_slowly', { steps: 2 }, { sleep: async () => undefined });
    expect(end?.kind).toBe('completed');
    expect(methodCount(server, 'subscriptions/listen')).toBe(1);
    expect(methodCount(server, 'tasks/get')).toBeGreaterThanOrEqual(2);
  });

  it('a task past its time to live ends as expired with a sentence, after at most one failed poll instead of five', async () => {
    server = await startTasksMcpServer({ pollIntervalMs: 250, ttlMs: 1 });
    const { end } = await run(server, 'long_job', {});
    expect(end).toEqual({
      kind: 'expired',
      message: expect.stringMatching(
        /^Task .+ expired: its time to live \(1 ms\) ran out before it ended, so the server may have discarded it\.$/,
      ),
    });
    expect(methodCount(server, 'tasks/get')).toBeLessThanOrEqual(1);
  });

  it("puts the subscriptions/listen request, the status pushes, progress and log messages in the call's JSON-RPC list", async () => {
    server = await startTasksMcpServer({ pollIntervalMs: 30_000, notifications: true });
    let taskId = '';
    const s = server;
    const wire: McpWireMessage[] = [];
    const running = run(s, 'long_job', {}, { onHandle: (id) => (taskId = id), onProgress: () => undefined, wire });
    await vi.waitFor(() => expect(taskId !== '' && s.subscribers(taskId) === 1).toBe(true), { timeout: 5000 });
    s.finishLongJobs();
    expect((await running).end?.kind).toBe('completed');
    const kinds = wire.map(wireMessageKind);
    expect(kinds.slice(0, 4)).toEqual(['request', 'notifications/message', 'notifications/progress', 'response']);
    expect(kinds).toContain('subscriptions/listen request');
    expect(kinds).toContain('notifications/subscriptions/acknowledged');
    const push = wire.find((m) => wireMessageKind(m) === 'notifications/tasks');
    expect(JSON.parse(push?.json ?? '{}')).toMatchObject({
      method: 'notifications/tasks',
      params: { taskId, status: 'completed', result: { content: [{ text: 'Long job done.' }] } },
    });
    expect(wire.every((m) => m.t >= 0)).toBe(true);
  });

  it("shows a server's refusal of subscriptions/listen in the list, and polls on", async () => {
    server = await startTasksMcpServer({ pollIntervalMs: 250 });
    const wire: McpWireMessage[] = [];
    const { end } = await run(server, 'count_slowly', { steps: 2 }, { sleep: async () => undefined, wire });
    expect(end?.kind).toBe('completed');
    const refusal = wire.find((m) => m.dir === 'received' && m.json.includes('Method not found'));
    expect(refusal && wireMessageKind(refusal)).toBe('error response');
    expect(wire.map(wireMessageKind).filter((k) => k === 'tasks/get request').length).toBeGreaterThanOrEqual(2);
  });
});
