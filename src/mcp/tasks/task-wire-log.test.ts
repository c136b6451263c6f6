import { describe, expect, it } from 'vitest';
import { MAX_WIRE_MESSAGES, wireMessageKind, type McpWireMessage } from '../../domain/mcp-call-trace';
import { createTaskWireLog, MAX_TASK_NOTIFICATIONS } from './task-wire-log';

describe("a task call's JSON-RPC list", () => {
  it('keeps requests, responses and notifications in order, named for the details', () => {
    const sink: McpWireMessage[] = [];
    let t = 100;
    const log = createTaskWireLog(sink, () => t);
    log.message('sent', { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: {} });
    t = 150;
    log.notification('notifications/progress', { progressToken: 'p', progress: 0 });
    log.message('received', {
      jsonrpc: '2.0',
      id: 'a',
      result: { resultType: 'task', taskId: 'T', status: 'working' },
    });
    log.message('sent', { jsonrpc: '2.0', id: 'b', method: 'subscriptions/listen', params: {} });
    log.notification('notifications/tasks', { taskId: 'T', status: 'completed' });
    expect(sink.map(wireMessageKind)).toEqual([
      'request',
      'notifications/progress',
      'response',
      'subscriptions/listen request',
      'notifications/tasks',
    ]);
    expect(sink[1]).toEqual({
      dir: 'received',
      t: 50,
      json: '{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"p","progress":0}}',
    });
  });

  it('a flood of notifications keeps the first few and one note counting the rest; responses still fit', () => {
    const sink: McpWireMessage[] = [];
    const log = createTaskWireLog(sink);
    log.message('sent', { jsonrpc: '2.0', id: 'a', method: 'tools/call', params: {} });
    for (let i = 0; i < 100_000; i++) log.notification('notifications/progress', { progressToken: 'p', progress: i });
    log.message('sent', { jsonrpc: '2.0', id: 'b', method: 'tasks/get', params: { taskId: 'T' } });
    log.message('received', { jsonrpc: '2.0', id: 'b', result: { taskId: 'T', status: 'completed' } });
    const kinds = sink.map(wireMessageKind);
    expect(kinds.filter((k) => k === 'notifications/progress')).toHaveLength(MAX_TASK_NOTIFICATIONS);
    expect(kinds.filter((k) => k.startsWith('notifications not kept'))).toEqual([
      `notifications not kept (${100_000 - MAX_TASK_NOTIFICATIONS})`,
    ]);
    expect(JSON.parse(sink[MAX_TASK_NOTIFICATIONS + 1]!.json)).toMatchObject({
      reason: `A call keeps its first ${MAX_TASK_NOTIFICATIONS} notifications; ${100_000 - MAX_TASK_NOTIFICATIONS} more came and were not kept.`,
    });
    expect(kinds.slice(-2)).toEqual(['tasks/get request', 'response']);
    expect(sink.length).toBe(MAX_TASK_NOTIFICATIONS + 4);

    // And the list as a whole stays within the cap every call has.
    for (let i = 0; i < 1000; i++)
      log.message('sent', { jsonrpc: '2.0', id: `g${i}`, method: 'tasks/get', params: {} });
    expect(sink.length).toBe(MAX_WIRE_MESSAGES);
  });

  it('names the other kinds as before', () => {
    const m = (dir: McpWireMessage['dir'], message: unknown): McpWireMessage => ({
      dir,
      t: 0,
      json: JSON.stringify(message),
    });
    expect(wireMessageKind(m('received', { jsonrpc: '2.0', id: 3, method: 'elicitation/create', params: {} }))).toBe(
      'server request elicitation/create',
    );
    expect(wireMessageKind(m('sent', { jsonrpc: '2.0', id: 3, result: { action: 'accept' } }))).toBe(
      'answer to the server',
    );
    expect(wireMessageKind(m('sent', { jsonrpc: '2.0', method: 'notifications/cancelled', params: {} }))).toBe(
      'cancellation',
    );
    expect(wireMessageKind(m('received', { jsonrpc: '2.0', id: 1, result: { resultType: 'input_required' } }))).toBe(
      'response (input required)',
    );
    expect(wireMessageKind(m('received', { jsonrpc: '2.0', id: 1, error: { code: -1, message: 'x' } }))).toBe(
      'error response',
    );
    expect(wireMessageKind({ dir: 'received', t: 0, json: 'not json' })).toBe('received');
  });
});
