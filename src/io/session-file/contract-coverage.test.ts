import { describe, expect, it } from 'vitest';
import type { ErrorInfo, ErrorKind } from '../../domain/error-info';
import type { AgentEventType, EventOf } from '../../domain/run-events';
import type { AssistantMessage, SystemMessage, ToolMessage, Usage, UserMessage } from '../../domain/messages';
import type { MemoryRecord, RunRecord, ToolCallRecord } from '../../db/records';
import type { SessionRecord, SessionSettings } from '../../domain/session';
import type { FlatToolDefinition } from '../../domain/tool-definition';
import type { FlatPrice } from '../../domain/model-prices';
import type { ExportFileV1 } from './format-v1';
import type { McpViewEventRecord } from '../../domain/mcp-view-event';
import type { WireExchange, WireHeader, WireResponse } from '../../domain/wire-exchange';
import type { OfferedTool, OfferedToolSource, ToolSetRecord } from '../../domain/offered-tools';
import { sanitizeForExport } from './sanitize-export';
import { validateExportFile } from './validate-file';

/*
 * Every record type with every optional field filled in. The `Required<...>` and exhaustive mapped types make
 * this file stop compiling when a shared contract gains a field or a union member, and the test then fails
 * until the v1 schema (schema-source.ts) carries it: otherwise export would silently drop the new data.
 */
const usage: Required<Usage> = {
  promptTokens: 10,
  completionTokens: 5,
  totalTokens: 15,
  estimated: true,
  reasoningTokens: 2,
  cachedTokens: 3,
  cacheWriteTokens: 4,
};
const price: Required<FlatPrice> = { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15, reasoning: 15 };
const S = 's1';
const viewEvent: Required<McpViewEventRecord> = {
  sessionId: S,
  callId: 'c1',
  seq: 1_795_000_000_000_001,
  serverName: 'apps',
  toolName: 't',
  at: 1_795_000_000_000,
  method: 'tools/call',
  outcome: 'ok',
  params: '{"name":"t"}',
  result: '{"content":[]}',
};

const errors: { [K in ErrorKind]: Extract<ErrorInfo, { kind: K }> } = {
  auth: { fault: 'user', kind: 'auth', status: 401, message: 'bad key' },
  model_not_found: { fault: 'user', kind: 'model_not_found', status: 404, model: 'm', message: 'no model' },
  bad_request: { fault: 'user', kind: 'bad_request', status: 400, message: 'bad' },
  cors_or_unreachable: { fault: 'user', kind: 'cors_or_unreachable', baseURL: 'https://x.example', message: 'cors' },
  context_limit: {
    fault: 'user',
    kind: 'context_limit',
    limitTokens: 8000,
    estimatedTokens: 9000,
    message: 'too long',
  },
  redirect_refused: {
    fault: 'user',
    kind: 'redirect_refused',
    from: 'https://a.example',
    to: 'https://b.example',
    message: 'moved',
  },
  rate_limited: { fault: 'system', kind: 'rate_limited', status: 429, retryAfterMs: 1000, message: 'slow down' },
  server: { fault: 'system', kind: 'server', status: 503, message: 'down' },
  network: { fault: 'system', kind: 'network', message: 'offline' },
  timeout: { fault: 'system', kind: 'timeout', phase: 'idle', afterMs: 30000, message: 'idle' },
  provider_stream_error: { fault: 'system', kind: 'provider_stream_error', status: null, code: 'x', message: 'boom' },
  storage: { fault: 'system', kind: 'storage', message: 'full' },
  internal: { fault: 'system', kind: 'internal', step: 'loop', message: 'bug' },
  empty_response: { fault: 'model', kind: 'empty_response', message: 'empty' },
  content_filter: { fault: 'model', kind: 'content_filter', message: 'filtered' },
};

const messages = {
  system: {
    id: 'm0',
    createdAt: 1,
    role: 'system',
    content: 'summary',
    summaryOf: ['mx'],
  } satisfies Required<SystemMessage>,
  user: {
    id: 'm1',
    createdAt: 2,
    role: 'user',
    content: 'hi',
    images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=', label: 'logo.png' }],
  } satisfies Required<UserMessage>,
  assistant: {
    id: 'm2',
    createdAt: 3,
    role: 'assistant',
    content: '',
    reasoning: 'r',
    refusal: null,
    toolCalls: [{ id: 'c1', name: 't', arguments: '{}' }],
    status: 'complete',
    runId: 'r1',
    turn: 1,
    providerItems: [
      { kind: 'reasoning', id: 'rs_1', summary: ['s'], encryptedContent: 'enc' },
      { kind: 'compaction', id: 'cmp_1', encryptedContent: 'enc' },
      {
        kind: 'provider_tool',
        id: 'ws_1',
        itemType: 'web_search_call',
        name: 'web_search',
        status: 'completed',
        input: 'q',
        output: 'https://x.example',
        durationMs: 5,
      },
    ],
    citations: [{ kind: 'url', ref: 'https://x.example', title: 'X' }],
    responseId: 'resp_1',
    edits: [
      { kind: 'request', original: '{}', sent: '{"model":"m"}' },
      { kind: 'arguments', callId: 'c1', original: '{"a":0}' },
    ],
    wireParts: {
      format: 'anthropic',
      model: 'claude-sonnet-4-5',
      parts: [
        { type: 'thinking', thinking: 't', signature: 'EqQBCkYIARgCIkD' },
        { type: 'redacted_thinking', data: 'EmwKAhgBEgy' },
        { type: 'tool_use', id: 'c1', name: 't', input: {} },
      ],
      prefixHash: 'f'.repeat(64),
    },
  } satisfies Required<AssistantMessage>,
  tool: {
    id: 'm3',
    createdAt: 4,
    role: 'tool',
    toolCallId: 'c1',
    name: 't',
    content: 'ok',
    isError: false,
    outcome: 'ok',
    runId: 'r1',
    turn: 1,
    images: [{ mimeType: 'image/png', data: 'iVBORw0KGgo=', label: 't' }],
    edits: [{ kind: 'result', original: 'was' }, { kind: 'answered' }],
  } satisfies Required<ToolMessage>,
};

type FullEvent<K extends AgentEventType> = Required<EventOf<K>> & { sessionId: string; recovered: boolean };
const env = { runId: 'r1', t: 1, sessionId: S, recovered: false };
const events: { [K in AgentEventType]: FullEvent<K> } = {
  run_started: { ...env, seq: 0, type: 'run_started', sessionId: S, model: 'm', startedAt: 100 },
  message_appended: { ...env, seq: 1, type: 'message_appended', message: messages.assistant },
  request_started: {
    ...env,
    seq: 2,
    type: 'request_started',
    turn: 1,
    attempt: 1,
    messageId: 'm2',
    systemLayers: [{ id: 'base', title: 'Base', text: 'Be brief.' }],
    contextTokens: 100,
    contextLimit: 8000,
    contextTokensRaw: 80,
    toolSet: 'a'.repeat(64),
    edited: true,
  },
  request_left_out: {
    ...env,
    seq: 21,
    type: 'request_left_out',
    turn: 1,
    attempt: 1,
    messageId: 'm2',
    notes: [{ messageId: 'm2', what: 'signed_thinking', why: 'Its thinking was left out: the reply did not finish.' }],
  },
  first_token: { ...env, seq: 3, type: 'first_token', turn: 1, attempt: 1 },
  text_delta: { ...env, seq: 4, type: 'text_delta', turn: 1, messageId: 'm2', delta: 'a' },
  reasoning_delta: { ...env, seq: 5, type: 'reasoning_delta', turn: 1, messageId: 'm2', delta: 'b' },
  provider_tool_updated: {
    ...env,
    seq: 15,
    type: 'provider_tool_updated',
    turn: 1,
    messageId: 'm2',
    item: {
      kind: 'provider_tool',
      id: 'ws_1',
      itemType: 'web_search_call',
      name: 'web_search',
      status: 'searching',
      input: '',
      output: '',
      durationMs: 1,
    },
  },
  tool_call_delta: {
    ...env,
    seq: 6,
    type: 'tool_call_delta',
    turn: 1,
    messageId: 'm2',
    index: 0,
    id: 'c1',
    name: 't',
    argumentsDelta: '{}',
  },
  request_finished: {
    ...env,
    seq: 7,
    type: 'request_finished',
    turn: 1,
    attempt: 1,
    finishReason: 'tool_calls',
    usage,
  },
  request_failed: { ...env, seq: 8, type: 'request_failed', turn: 1, attempt: 1, error: errors.server, retryInMs: 500 },
  tool_started: {
    ...env,
    seq: 9,
    type: 'tool_started',
    turn: 1,
    callId: 'c1',
    name: 't',
    arguments: '{}',
    mcpServer: {
      serverId: 'srv',
      serverName: 'S',
      protocolRevision: '2026-07-28',
      view: { resourceUri: 'ui://srv/board', toolName: 'show_board' },
    },
    edited: true,
    parentCallId: 'c0',
  },
  tool_finished: {
    ...env,
    seq: 10,
    type: 'tool_finished',
    turn: 1,
    callId: 'c1',
    name: 't',
    outcome: 'ok',
    durationMs: 3,
    result: 'ok',
    isError: false,
    validationErrors: [{ path: '/a', message: 'm' }],
    validation: 'schema',
    logs: [{ level: 'log', text: 'x', t: 1 }],
    mcpMessages: [{ dir: 'sent', t: 1, json: '{"jsonrpc":"2.0","id":1,"method":"tools/call"}' }],
    sampling: [
      {
        model: 'm',
        usage: { promptTokens: 5, completionTokens: 7, totalTokens: 12, estimated: false },
        startMs: 1,
        durationMs: 2,
      },
    ],
    recorded: true,
    edited: true,
  },
  tool_progress: {
    ...env,
    seq: 18,
    type: 'tool_progress',
    turn: 1,
    callId: 'c1',
    logs: [{ level: 'log', text: 'step 1', t: 1 }],
    bytesReceived: 512,
    bytesTotal: 2048,
    mcpProgress: { progress: 3, total: 10, message: 'step 3' },
  },
  approval_requested: {
    ...env,
    seq: 11,
    type: 'approval_requested',
    turn: 1,
    callId: 'c1',
    name: 't',
    arguments: '{}',
    repeat: 3,
  },
  approval_resolved: {
    ...env,
    seq: 12,
    type: 'approval_resolved',
    turn: 1,
    callId: 'c1',
    decision: 'edited',
    arguments: '{"a":1}',
    by: 'rule “t: always allowed when a is “1””',
  },
  context_compacted: {
    ...env,
    seq: 13,
    type: 'context_compacted',
    turn: 1,
    removedMessageIds: ['mx'],
    summaryMessageId: 'm0',
    tokensBefore: 9,
    tokensAfter: 3,
  },
  summary_started: { ...env, seq: 15, type: 'summary_started', turn: 2, attempt: 1 },
  summary_finished: { ...env, seq: 16, type: 'summary_finished', turn: 2, attempt: 2, usage },
  summary_failed: {
    ...env,
    seq: 17,
    type: 'summary_failed',
    turn: 2,
    attempt: 1,
    error: errors.network,
    retryInMs: 1000,
  },
  run_paused: {
    ...env,
    seq: 18,
    type: 'run_paused',
    point: { at: 'before_tool', turn: 1, callId: 'c1', name: 't', arguments: '{}', schema: { type: 'object' } },
  },
  branch_started: {
    ...env,
    seq: 20,
    type: 'branch_started',
    branchId: 'b1',
    forkMessageId: 'm1',
    leftMessageIds: ['m2', 'm3'],
  },
  run_resumed: { ...env, seq: 19, type: 'run_resumed', turn: 1, action: 'continue', edited: true },
  run_finished: { ...env, seq: 14, type: 'run_finished', stopReason: 'complete', usage, error: errors.network },
};

const settings: Required<SessionSettings> = {
  temperature: 0.2,
  topP: 0.9,
  maxTurns: 25,
  maxToolCallsPerTurn: 10,
  toolTimeoutMs: 30000,
  firstByteTimeoutMs: 60000,
  idleTimeoutMs: 30000,
  maxRetries: 3,
  retryBaseDelayMs: 1000,
  retryMaxDelayMs: 30000,
  toolConcurrency: 4,
  toolOutputLimitBytes: 65536,
  repeatCallLimit: 3,
  systemPrompt: 'p',
  contextLimit: 8000,
  apiFormat: 'responses',
  providerTools: ['web_search', 'code_interpreter', 'file_search', 'mcp'],
  providerStorage: true,
  remoteMcpUrl: 'https://mcp.example/mcp',
  vectorStoreId: 'vs_1',
  toolsEnabled: false,
  memoryEnabled: false,
  thinkingBudget: 2048,
  maxOutputTokens: 8192,
  cachePrompt: true,
};
const session: Required<SessionRecord> = {
  id: S,
  title: 't',
  model: 'm',
  status: 'finished',
  createdAt: 1,
  updatedAt: 2,
  messageCount: 4,
  toolCallCount: 1,
  usage,
  settings,
  lastError: errors.auth,
  limitStop: 'max_turns',
  endpoint: { baseURL: 'http://127.0.0.1:11434/v1' },
  branches: [{ id: 'b1', parentId: 'root', forkMessageId: 'm1', createdAt: 3 }],
  activeBranchId: 'b1',
  forkedFrom: { sessionId: 'src', messageId: 'mx', title: 'Source' },
  importedTrace: true,
  evalRun: { suiteId: 'suite1', runId: 'evalrun1' },
  openedTrace: { sourceId: 'src1', traceId: '0af7651916cd43dd8448eb211c80319c' },
  breakpoints: {
    beforeRequest: true,
    beforeTool: true,
    afterTool: false,
    tool: 'js_eval',
    argumentsSchema: '{"type":"object"}',
  },
  comparisons: [
    {
      id: 'cmp1',
      messageId: 'm2',
      runId: 'r1',
      createdAt: 5,
      answers: [
        {
          model: 'm2',
          baseURL: 'http://127.0.0.1:9000/v1',
          outcome: 'failed',
          text: 'a',
          toolCalls: [{ id: 'c9', name: 't', arguments: '{}' }],
          finishReason: 'stop',
          usage,
          timeToFirstTokenMs: 12,
          outputTokensPerSecond: 40.5,
          error: 'HTTP 404',
          leftOut: [
            { messageId: 'm1', what: 'signed_thinking', why: "Its signed thinking was left out: it is Anthropic's." },
          ],
        },
      ],
    },
  ],
};
const run: Required<RunRecord> = {
  id: 'r1',
  sessionId: S,
  startedAt: 100,
  finishedAt: 200,
  stopReason: 'complete',
  usage,
  error: errors.storage,
  interrupted: false,
  timing: 'order',
};
const toolCall: Required<ToolCallRecord> = {
  id: 'c1',
  sessionId: S,
  runId: 'r1',
  turn: 1,
  messageId: 'm2',
  name: 't',
  arguments: '{}',
  validation: 'ok',
  validationErrors: [],
  result: 'ok',
  isError: false,
  status: 'ok',
  startedAt: 101,
  finishedAt: 104,
  durationMs: 3,
  logs: [],
  mcpServer: {
    serverId: 'srv',
    serverName: 'S',
    protocolRevision: '2025-11-25',
    view: { resourceUri: 'ui://srv/board', toolName: 'show_board' },
  },
  bytesReceived: 2048,
  bytesTotal: 2048,
  recorded: true,
};
const tool: Required<FlatToolDefinition> = {
  id: 'tool1',
  name: 't',
  description: 'd',
  parameters: { type: 'object' },
  kind: 'http',
  code: null,
  http: {
    method: 'POST',
    urlTemplate: 'https://x.example/{a}',
    headers: [{ name: 'K', value: '', secret: true }],
    bodyTemplate: '{}',
    responseType: 'text',
  },
  builtinId: null,
  allowedOrigins: ['https://x.example'],
  timeoutMs: 1000,
  needsApproval: true,
  enabled: false,
  createdAt: 1,
  updatedAt: 2,
  allowPrivateAddresses: true,
};
const sources: { [K in OfferedToolSource['kind']]: Extract<OfferedToolSource, { kind: K }> } = {
  builtin: { kind: 'builtin' },
  custom: { kind: 'custom' },
  mcp: { kind: 'mcp', serverId: 'srv', serverName: 'S' },
  provider: { kind: 'provider' },
};
const toolSet: Required<ToolSetRecord> = {
  sessionId: S,
  hash: 'a'.repeat(64),
  tools: Object.values(sources).map(
    (source, i): Required<OfferedTool> => ({ name: `t${i}`, description: 'd', parameters: { type: 'object' }, source }),
  ),
};
type Owner = WireExchange['owner'];
const owners: { [K in Owner['kind']]: Required<Extract<Owner, { kind: K }>> } = {
  model: { kind: 'model', runId: 'r1', messageId: 'a1', attempt: 1, turn: 2 },
  tool: { kind: 'tool', runId: 'r1', callId: 'c1' },
  mcp: { kind: 'mcp', serverId: 'srv' },
  comparison: { kind: 'comparison', comparisonId: 'cmp1', index: 1 },
};
const wireHeader: Required<WireHeader> = {
  name: 'authorization',
  value: '',
  secret: { variable: 'V', prefix: 'Bearer ' },
};
const wireResponse: Required<WireResponse> = {
  status: 200,
  headers: [wireHeader],
  headersAtMs: 1,
  reads: [{ atMs: 2, text: 'AA==', encoding: 'base64' }],
  endedAtMs: 3,
  droppedBytes: 4,
};
const wireExchanges: Required<WireExchange>[] = Object.values(owners).map((owner, i) => ({
  id: `wx${i}`,
  sessionId: S,
  owner,
  startedAt: 1,
  request: { method: 'POST', url: 'http://h/v1', headers: [wireHeader], body: { encoding: 'base64', data: 'AA==' } },
  response: wireResponse,
  failure: 'The request was stopped.',
}));
const memory: Required<MemoryRecord> = {
  id: 'mem',
  text: 'x',
  createdAt: 1,
  updatedAt: 1,
  sourceSessionId: S,
  embedding: [0.5],
  embeddingModel: 'e',
};

describe('the v1 schema covers every field of the shared contracts', () => {
  it('accepts a file with every optional field and every union member, and export drops nothing', () => {
    const file: ExportFileV1 = {
      format: 'toolscope-session',
      version: 1,
      exportedAt: '2026-11-22T10:30:00.000Z',
      app: { name: 'toolscope', version: '0.1.0' },
      sessions: [
        {
          session,
          messages: Object.values(messages).map((m, order) => ({
            ...m,
            sessionId: S,
            order,
            ...(order > 1 ? { branchId: 'b1' } : {}),
          })),
          toolCalls: [toolCall],
          runs: [run],
          events: Object.values(events),
          mcpViewEvents: [viewEvent],
          toolSets: [toolSet],
          wireExchanges,
        },
      ],
      tools: [tool],
      memories: [memory],
      mcpServers: [
        {
          id: 'srv',
          url: 'https://mcp.example/mcp',
          name: 'S',
          approval: 'auto',
          headerNames: ['Authorization'],
          toolChoices: { echo: { enabled: false, approval: 'ask' } },
        },
      ],
      modelPrices: { 'claude-sonnet-4-5': price },
    };
    const before = structuredClone(file);
    expect(validateExportFile(file)).toMatchObject({ ok: true });
    expect(sanitizeForExport(file)).toEqual([]);
    expect(file).toEqual(before);
  });
});
