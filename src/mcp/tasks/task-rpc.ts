/**
 * The tasks extension's requests as raw JSON-RPC over the connection's own fetch (architecture.md, "MCP Tasks"):
 * the v2 client cannot carry them (it refuses `tasks/*` toward a 2026-07-28 server and drops a task handle's id when
 * it meets `resultType: "task"`). Each request carries the 2026-07-28 envelope in `_meta` with the extension declared
 * in its client capabilities, and the standard headers: `MCP-Protocol-Version`, `Mcp-Method`, and `Mcp-Name` (the
 * tool's name on tools/call, the task id on tasks/*). A reply may be JSON or an event stream; the notifications in
 * the stream (progress, log messages, task status) go to the caller, the response with the request's id is the answer.
 */
import type { TaskWire } from './follow-task';
import { readTaskHandle, TASKS_EXTENSION, type McpTask } from './task-shape';
import { isRecord } from '../../domain/is-record';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';

type TaskRpcOptions = {
  url: URL;
  /** The connection's origin-bound fetch: secret headers reach the server's origin only. */
  fetch: typeof fetch;
  protocolVersion: string;
  clientInfo: { name: string; version: string };
  /** What the client declares besides the extension (elicitation, say); the extension is always added. */
  clientCapabilities?: Record<string, unknown>;
  /** A signed-in server's `Authorization` value, asked before each request. */
  authorization?: () => Promise<string | undefined>;
  /** Sees each JSON-RPC message sent and answered, for the call's record on the timeline. */
  onMessage?: (dir: 'sent' | 'received', message: unknown) => void;
  /** The notifications a reply's event stream carries before its response (progress, log messages, task status). */
  onNotification?: (method: string, params: Record<string, unknown>) => void;
};

/** Why a raw request failed: the server's JSON-RPC error, an HTTP status, or an answer that is not JSON-RPC. */
export class TaskRpcError extends Error {
  constructor(
    readonly kind: 'rpc' | 'http' | 'format',
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'TaskRpcError';
  }
}

type RawCallOutcome = { kind: 'result'; result: Record<string, unknown> } | { kind: 'task'; task: McpTask };

export type TaskRpc = {
  /** tools/call with the extension declared: either the ordinary result or a task handle. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    meta: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<RawCallOutcome>;
  wire: TaskWire;
};

let nextId = 1;

export function createTaskRpc(options: TaskRpcOptions): TaskRpc {
  let o = options;
  const capabilities = {
    ...(o.clientCapabilities ?? {}),
    extensions: { ...extensionsOf(o.clientCapabilities), [TASKS_EXTENSION]: {} },
  };

  const request = async (
    method: string,
    params: Record<string, unknown>,
    name: string,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> => {
    const id = `task-rpc-${nextId++}`;
    const ownMeta = isRecord(params._meta) ? params._meta : {};
    const body = {
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          ...ownMeta,
          [PROTOCOL_VERSION_KEY]: o.protocolVersion,
          [CLIENT_INFO_KEY]: o.clientInfo,
          [CLIENT_CAPABILITIES_KEY]: capabilities,
        },
      },
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': o.protocolVersion,
      'mcp-method': method,
      'mcp-name': headerValue(name),
    };
    const authorization = await o.authorization?.();
    if (authorization !== undefined) headers.authorization = authorization;
    o.onMessage?.('sent', body);
    const response = await o.fetch(o.url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      ...(signal !== undefined ? { signal } : {}),
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok && !type.includes('json'))
      throw new TaskRpcError('http', `The server answered ${method} with HTTP ${response.status}.`);
    const text = await response.text();
    const reply = type.includes('text/event-stream') ? replyInStream(text, id, o.onNotification) : parseJson(text);
    if (!isRecord(reply) || reply.id !== id)
      throw new TaskRpcError('format', `The server's answer to ${method} is not a JSON-RPC response.`);
    o.onMessage?.('received', reply);
    if (isRecord(reply.error)) {
      const message = typeof reply.error.message === 'string' ? reply.error.message : 'no message';
      throw new TaskRpcError(
        'rpc',
        `${method} failed: ${message}`,
        typeof reply.error.code === 'number' ? reply.error.code : undefined,
      );
    }
    if (!isRecord(reply.result)) throw new TaskRpcError('format', `The server answered ${method} without a result.`);
    return reply.result;
  };

  const listeners = new Map<string, Set<(task: unknown) => void>>();
  const notify = o.onNotification;
  o = {
    ...o,
    onNotification: (method, params) => {
      if (method === 'notifications/tasks' && typeof params.taskId === 'string')
        for (const l of listeners.get(params.taskId) ?? []) l(params);
      notify?.(method, params);
    },
  };

  /**
   * Status pushes for one task (notifications/tasks): from any reply's stream, and from a subscriptions/listen
   * stream asking for this task; a server that refuses or drops it leaves polling to carry on alone.
   */
  const listen = (taskId: string, onTask: (task: unknown) => void, signal: AbortSignal) => {
    const set = listeners.get(taskId) ?? new Set();
    set.add(onTask);
    listeners.set(taskId, set);
    signal.addEventListener('abort', () => set.delete(onTask), { once: true });
    void subscribe(taskId, signal).catch(() => undefined);
  };

  const subscribe = async (taskId: string, signal: AbortSignal) => {
    const id = `task-rpc-${nextId++}`;
    const body = {
      jsonrpc: '2.0',
      id,
      method: 'subscriptions/listen',
      params: {
        notifications: { taskIds: [taskId] },
        _meta: {
          [PROTOCOL_VERSION_KEY]: o.protocolVersion,
          [CLIENT_INFO_KEY]: o.clientInfo,
          [CLIENT_CAPABILITIES_KEY]: capabilities,
        },
      },
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream, application/json',
      'mcp-protocol-version': o.protocolVersion,
      'mcp-method': 'subscriptions/listen',
    };
    const authorization = await o.authorization?.();
    if (authorization !== undefined) headers.authorization = authorization;
    o.onMessage?.('sent', body);
    const response = await o.fetch(o.url, { method: 'POST', headers, body: JSON.stringify(body), signal });
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || response.body === null) {
      // Refused (say, method not found): the answer is shown with the call's messages; polling carries on alone.
      const reply = parseJson(await response.text().catch(() => ''));
      if (isRecord(reply) && reply.id === id) o.onMessage?.('received', reply);
      return;
    }
    if (!response.ok) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      const events = buffer.split(/\r?\n\r?\n/);
      buffer = events.pop() ?? '';
      for (const event of events) dispatch(eventData(event), o.onNotification);
    }
  };

  return {
    callTool: async (name, args, meta, signal) => {
      const result = await request('tools/call', { name, arguments: args, _meta: meta }, name, signal);
      const handle = readTaskHandle(result);
      if (handle === null) return { kind: 'result', result };
      if ('problem' in handle) throw new TaskRpcError('format', handle.problem);
      return { kind: 'task', task: handle };
    },
    wire: {
      listen: (taskId, onTask, signal) => listen(taskId, onTask, signal),
      get: (taskId) => request('tasks/get', { taskId }, taskId),
      update: async (taskId, inputResponses) => {
        await request('tasks/update', { taskId, inputResponses }, taskId);
      },
      cancel: async (taskId) => {
        await request('tasks/cancel', { taskId }, taskId);
      },
    },
  };
}

/** A header value as the 2026-07-28 transport writes it: plain when it is safe ASCII, else `=?base64?…?=`. */
export function headerValue(value: string): string {
  const safe =
    value.length > 0 &&
    value === value.trim() &&
    !(value.startsWith('=?base64?') && value.endsWith('?=')) &&
    /^[\t\x20-\x7e]*$/.test(value);
  if (safe) return value;
  let binary = '';
  for (const byte of new TextEncoder().encode(value)) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}

/** The response with this id; the notifications before it go to `onNotification`, in order. */
function replyInStream(
  text: string,
  id: string,
  onNotification?: (method: string, params: Record<string, unknown>) => void,
): unknown {
  for (const event of text.split(/\r?\n\r?\n/)) {
    const data = eventData(event);
    if (data === '') continue;
    const message = parseJson(data);
    if (isRecord(message) && message.id === id) return message;
    dispatch(data, onNotification);
  }
  return null;
}

function eventData(event: string): string {
  return event
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).replace(/^ /, ''))
    .join('\n');
}

function dispatch(data: string, onNotification?: (method: string, params: Record<string, unknown>) => void): void {
  if (data === '' || onNotification === undefined) return;
  const message = parseJson(data);
  if (isRecord(message) && message.id === undefined && typeof message.method === 'string')
    onNotification(message.method, isRecord(message.params) ? message.params : {});
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function extensionsOf(capabilities: Record<string, unknown> | undefined): Record<string, unknown> {
  const ext = capabilities?.extensions;
  return isRecord(ext) ? ext : {};
}
