/**
 * A 2026-07-28 MCP server that speaks the tasks extension (`io.modelcontextprotocol/tasks`), for Toolscope's tests,
 * on node:http, 127.0.0.1 only (port 0). The v2 server SDK has no tasks extension: discovery and tools/list come from
 * the SDK (createMcpHandler, the extension added to server/discover's capabilities), while tools/call of the task
 * tools and tasks/get, tasks/update, tasks/cancel are answered here as raw JSON-RPC.
 *
 * Task tools (each answers with a task handle when the request declares the extension, else -32003):
 * - count_slowly {steps}: working for `steps` polls ("step i of n"), then completed "Counted to n.".
 * - ask_name: input_required with one elicitation form (key "name"); after tasks/update, completed "Hello, <name>!".
 * - doomed_job: working for one poll, then failed (JSON-RPC error -32603 "The job ran out of disk space").
 * - long_job: working until tasks/cancel (then cancelled) or until `finishLongJobs()` (then completed "Long job done.").
 * Time is counted in polls, not seconds: tests wait for states, never for a clock. With `notifications`, status is
 * also pushed (notifications/tasks over subscriptions/listen) and a call that asked for progress gets a log message
 * and progress notifications in its replies' event streams; `ttlMs` sets the tasks' time to live.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  createMcpHandler,
  fromJsonSchema,
  McpServer,
  type CallToolResult,
  type JsonSchemaType,
} from '@modelcontextprotocol/server';
import { serveWithFetchHandler } from './fetch-bridge';
import { startHttpShell } from './http-shell';
import type { RequestRecorder } from './recorder';

const EXT = 'io.modelcontextprotocol/tasks';
const TASK_TOOLS = ['count_slowly', 'ask_name', 'doomed_job', 'long_job'] as const;
type TaskTool = (typeof TASK_TOOLS)[number];

type TaskState = {
  taskId: string;
  tool: TaskTool;
  status: 'working' | 'input_required' | 'completed' | 'cancelled' | 'failed';
  statusMessage?: string;
  polls: number;
  steps: number;
  createdAt: string;
  lastUpdatedAt: string;
  result?: CallToolResult;
  error?: { code: number; message: string };
  inputRequests?: Record<string, unknown>;
  cancelRequested: boolean;
  /** The tools/call's `_meta.progressToken`, when the client asked for progress. */
  progressToken?: string | number;
};

type TasksServerOptions = {
  pollIntervalMs?: number;
  /** The tasks' time to live (default one hour); past it a task is gone (tasks/get answers not found). */
  ttlMs?: number;
  /**
   * Push status with notifications/tasks over subscriptions/listen, and answer tools/call and tasks/get of a call
   * that asked for progress as an event stream carrying a log message and progress notifications.
   */
  notifications?: boolean;
};

export type TasksMcpServer = {
  url: string;
  recorder: RequestRecorder;
  tasks: Map<string, TaskState>;
  /** Completes every long_job still running. */
  finishLongJobs(): void;
  /** How many subscriptions/listen streams are open for the task. */
  subscribers(taskId: string): number;
  close(): Promise<void>;
};

function buildServer(): McpServer {
  const server = new McpServer({ name: 'toolscope-tasks-test', version: '1.0.0' }, { capabilities: {} });
  const fallback = async (): Promise<CallToolResult> => ({
    content: [{ type: 'text', text: 'This tool runs as a task only.' }],
    isError: true,
  });
  const schema = (properties: Record<string, JsonSchemaType>) =>
    fromJsonSchema({ type: 'object', properties } as JsonSchemaType);
  const tools: Array<[TaskTool, string, Record<string, JsonSchemaType>]> = [
    [
      'count_slowly',
      'Counts to `steps`, one step per poll, as a task.',
      { steps: { type: 'integer', minimum: 1, maximum: 50 } },
    ],
    ['ask_name', 'Asks for a name while it runs as a task, then greets.', {}],
    ['doomed_job', 'A task that fails.', {}],
    ['long_job', 'A task that runs until cancelled.', {}],
  ];
  for (const [name, description, properties] of tools) {
    server.registerTool(
      name,
      { description, inputSchema: schema(properties), annotations: { readOnlyHint: true } },
      fallback,
    );
  }
  return server;
}

export async function startTasksMcpServer(options: TasksServerOptions = {}): Promise<TasksMcpServer> {
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const ttlMs = options.ttlMs ?? 3_600_000;
  const listeners = new Map<string, Set<ServerResponse>>();
  const sse = (message: unknown) => `event: message\ndata: ${JSON.stringify(message)}\n\n`;
  const tasks = new Map<string, TaskState>();
  const handler = createMcpHandler(() => buildServer(), { legacy: 'reject' });

  const wire = (t: TaskState) => ({
    taskId: t.taskId,
    status: t.status,
    ...(t.statusMessage !== undefined ? { statusMessage: t.statusMessage } : {}),
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttlMs,
    pollIntervalMs,
    ...(t.status === 'input_required' ? { inputRequests: t.inputRequests ?? {} } : {}),
    ...(t.status === 'completed' ? { result: t.result } : {}),
    ...(t.status === 'failed' ? { error: t.error } : {}),
  });
  const set = (t: TaskState, patch: Partial<TaskState>) => {
    Object.assign(t, patch, { lastUpdatedAt: new Date().toISOString() });
    for (const res of listeners.get(t.taskId) ?? [])
      res.write(sse({ jsonrpc: '2.0', method: 'notifications/tasks', params: wire(t) }));
  };
  const expired = (t: TaskState) => Date.now() > Date.parse(t.createdAt) + ttlMs;
  /** What a reply's stream carries before the response, for a call that asked for progress. */
  const notes = (t: TaskState | undefined, first: boolean): unknown[] => {
    if (!options.notifications || t === undefined || t.progressToken === undefined) return [];
    const progress = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: t.progressToken, progress: t.polls, total: t.steps, message: t.statusMessage ?? '' },
    };
    return first
      ? [
          {
            jsonrpc: '2.0',
            method: 'notifications/message',
            params: { level: 'info', logger: 'tasks', data: `${t.tool} accepted as task ${t.taskId}` },
          },
          progress,
        ]
      : [progress];
  };
  const done = (t: TaskState, text: string) =>
    set(t, {
      status: 'completed',
      statusMessage: 'Done.',
      result: { content: [{ type: 'text', text }], isError: false },
    });

  /** One poll's worth of work. */
  const advance = (t: TaskState) => {
    if (t.status === 'completed' || t.status === 'failed' || t.status === 'cancelled') return;
    if (t.cancelRequested)
      return void set(t, { status: 'cancelled', statusMessage: "Stopped at the client's request." });
    t.polls += 1;
    if (t.tool === 'count_slowly') {
      if (t.polls >= t.steps) done(t, `Counted to ${t.steps}.`);
      else set(t, { statusMessage: `step ${t.polls} of ${t.steps}` });
    } else if (t.tool === 'doomed_job') {
      set(t, {
        status: 'failed',
        statusMessage: 'Tool execution failed: out of disk space',
        error: { code: -32603, message: 'The job ran out of disk space' },
      });
    } else if (t.tool === 'long_job') {
      set(t, { statusMessage: `still working (poll ${t.polls})` });
    }
  };

  const create = (tool: TaskTool, args: Record<string, unknown>): TaskState => {
    const now = new Date().toISOString();
    const steps = typeof args.steps === 'number' ? Math.max(1, Math.min(50, Math.floor(args.steps))) : 3;
    const t: TaskState = {
      taskId: randomUUID(),
      tool,
      status: 'working',
      polls: 0,
      steps,
      createdAt: now,
      lastUpdatedAt: now,
      cancelRequested: false,
      statusMessage: 'Started.',
    };
    if (tool === 'ask_name') {
      t.status = 'input_required';
      t.statusMessage = 'Waiting for a name.';
      t.inputRequests = {
        name: {
          method: 'elicitation/create',
          params: {
            mode: 'form',
            message: 'What name should the task greet?',
            requestedSchema: {
              type: 'object',
              properties: { name: { type: 'string', title: 'Name' } },
              required: ['name'],
            },
          },
        },
      };
    }
    tasks.set(t.taskId, t);
    return t;
  };

  /** subscriptions/listen for task ids: an event stream kept open, acknowledged, then notifications/tasks. */
  const listen = (message: Record<string, unknown>, res: ServerResponse, cors: Record<string, string>): boolean => {
    const params = (message.params ?? {}) as { notifications?: { taskIds?: unknown } };
    const ids = Array.isArray(params.notifications?.taskIds)
      ? params.notifications.taskIds.filter((id): id is string => typeof id === 'string' && tasks.has(id))
      : null;
    if (message.method !== 'subscriptions/listen' || ids === null) return false;
    if (!options.notifications) {
      res
        .writeHead(200, { ...cors, 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } }));
      return true;
    }
    res.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(
      sse({
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: { notifications: { taskIds: ids } },
      }),
    );
    for (const id of ids) {
      const set = listeners.get(id) ?? new Set();
      set.add(res);
      listeners.set(id, set);
    }
    res.on('close', () => {
      for (const id of ids) listeners.get(id)?.delete(res);
    });
    return true;
  };

  /** The raw answer to a task request, or null when the SDK should serve the message. */
  const answer = (message: Record<string, unknown>): Record<string, unknown> | null => {
    const id = message.id;
    const params = (message.params ?? {}) as Record<string, unknown>;
    const ok = (result: Record<string, unknown>) => ({ jsonrpc: '2.0', id, result });
    const err = (code: number, text: string, data?: unknown) => ({
      jsonrpc: '2.0',
      id,
      error: { code, message: text, ...(data !== undefined ? { data } : {}) },
    });
    const task = () => (typeof params.taskId === 'string' ? tasks.get(params.taskId) : undefined);
    switch (message.method) {
      case 'tools/call': {
        const name = params.name as TaskTool;
        if (!TASK_TOOLS.includes(name)) return null;
        const meta = (params._meta ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
        if (meta['io.modelcontextprotocol/clientCapabilities']?.extensions?.[EXT] === undefined) {
          return err(-32003, 'Missing required client capability', {
            requiredCapabilities: { extensions: { [EXT]: {} } },
          });
        }
        const t = create(name, (params.arguments ?? {}) as Record<string, unknown>);
        const token = (params._meta as { progressToken?: unknown } | undefined)?.progressToken;
        if (typeof token === 'string' || typeof token === 'number') t.progressToken = token;
        return ok({ resultType: 'task', ...wire(t) });
      }
      case 'tasks/get': {
        const t = task();
        if (t === undefined) return err(-32602, 'Failed to retrieve task: Task not found');
        if (expired(t)) return err(-32602, 'Failed to retrieve task: Task has expired');
        advance(t);
        return ok({ resultType: 'complete', ...wire(t) });
      }
      case 'tasks/update': {
        const t = task();
        if (t === undefined) return err(-32602, 'Failed to update task: Task not found');
        const responses = (params.inputResponses ?? {}) as Record<
          string,
          { action?: string; content?: { name?: unknown } }
        >;
        const reply = responses.name;
        if (t.status === 'input_required' && reply !== undefined) {
          if (reply.action === 'accept' && typeof reply.content?.name === 'string')
            done(t, `Hello, ${reply.content.name}!`);
          else
            set(t, {
              status: 'completed',
              statusMessage: 'No name given.',
              result: { content: [{ type: 'text', text: 'Nobody to greet.' }], isError: true },
            });
        }
        return ok({ resultType: 'complete' });
      }
      case 'tasks/cancel': {
        const t = task();
        if (t === undefined) return err(-32602, 'Failed to cancel task: Task not found');
        t.cancelRequested = true;
        return ok({ resultType: 'complete' });
      }
      default:
        return null;
    }
  };

  const shell = await startHttpShell(
    { tag: 'mcp-tasks', cors: 'full' },
    async (req, res, { url, body, cors, origin }) => {
      if (url.pathname !== '/mcp') return void res.writeHead(404, cors).end();
      let message: unknown;
      try {
        message = req.method === 'POST' ? JSON.parse(body.toString('utf8')) : null;
      } catch {
        message = null;
      }
      const record =
        message !== null && typeof message === 'object' && !Array.isArray(message)
          ? (message as Record<string, unknown>)
          : null;
      if (record !== null && listen(record, res, cors)) return;
      const raw = record !== null ? answer(record) : null;
      if (raw !== null) {
        const result = (raw.result ?? {}) as { taskId?: unknown; resultType?: unknown };
        const before =
          typeof result.taskId === 'string' ? notes(tasks.get(result.taskId), result.resultType === 'task') : [];
        if (before.length === 0)
          return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(raw));
        return void res
          .writeHead(200, { ...cors, 'content-type': 'text/event-stream' })
          .end([...before, raw].map(sse).join(''));
      }
      const isDiscover = (message as { method?: unknown } | null)?.method === 'server/discover';
      await serveWithFetchHandler(
        req,
        res,
        body,
        origin,
        async (request) => (isDiscover ? withExtension(await handler.fetch(request)) : handler.fetch(request)),
        cors,
      );
    },
  );

  return {
    url: shell.url('/mcp'),
    recorder: shell.recorder,
    tasks,
    finishLongJobs: () => {
      for (const t of tasks.values())
        if (t.tool === 'long_job' && t.status === 'working' && !t.cancelRequested) done(t, 'Long job done.');
    },
    subscribers: (taskId) => listeners.get(taskId)?.size ?? 0,
    close: async () => {
      await handler.close().catch(() => undefined);
      await shell.close();
    },
  };
}

/** server/discover's answer with the extension declared in its capabilities (JSON or one event). */
async function withExtension(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const patch = (json: string) => {
    const reply = JSON.parse(json) as { result?: { capabilities?: Record<string, unknown> } };
    if (reply.result !== undefined) {
      const caps = reply.result.capabilities ?? {};
      reply.result.capabilities = {
        ...caps,
        extensions: { ...((caps.extensions as Record<string, unknown>) ?? {}), [EXT]: {} },
      };
    }
    return JSON.stringify(reply);
  };
  const out = type.includes('json')
    ? patch(text)
    : text.replace(/^data: (.*)$/m, (_, json: string) => `data: ${patch(json)}`);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(out, { status: response.status, headers });
}
