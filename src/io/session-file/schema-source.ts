/**
 * The source of the version-1 export JSON Schema. The checked-in copies (src/io/session-file/session-schema.json and
 * public/schema/toolscope-session-v1.json) are written from this by `npx tsx src/io/session-file/write-schema.ts`;
 * a test keeps all three equal. Built in code because messages appear twice (as records and inside
 * `message_appended` events) and draft-07 cannot extend a closed object.
 */

import { ASSISTANT_STATUSES, TOOL_OUTCOMES } from '../../domain/messages';
import { LIMIT_STOPS, SESSION_STATUSES } from '../../domain/session';
import { STOP_REASONS } from '../../domain/stop-reason';
import { COMPARISON_OUTCOMES } from '../../domain/model-comparison';
import { count, list, ms, nullable, obj, ref, str, tagged, type Schema } from './schema-builders';
import { wireExchangeSchema } from './wire-exchange-schema';

// Bounds are generous (a real export never comes near them) but finite, so a hostile file cannot
// make validation or storage do unbounded work on one value.
export const LIMITS = {
  id: 256,
  name: 256,
  title: 2_000,
  shortText: 100_000,
  text: 5_000_000,
  sessions: 100_000,
  messages: 500_000,
  toolCalls: 500_000,
  runs: 100_000,
  events: 5_000_000,
  tools: 10_000,
  memories: 1_000_000,
  smallList: 10_000,
  embedding: 100_000,
  // A request body or response read as captured (docs/wire-capture.md): as long as the largest raw traffic limit.
  wireText: 150_000_000,
} as const;

const id = (): Schema => str(LIMITS.id);

function errorInfo(): Schema {
  const message = str(LIMITS.shortText);
  const status = { type: 'integer', minimum: 0, maximum: 999 };
  const user = { const: 'user' };
  const system = { const: 'system' };
  const model = { const: 'model' };
  return tagged('kind', {
    auth: { fault: user, status, message },
    model_not_found: { fault: user, status, model: str(LIMITS.name), message },
    bad_request: { fault: user, status, message },
    cors_or_unreachable: { fault: user, baseURL: str(LIMITS.title), message },
    context_limit: { fault: user, limitTokens: count(), estimatedTokens: count(), message },
    redirect_refused: { fault: user, from: str(LIMITS.title), to: nullable(str(LIMITS.title)), message },
    rate_limited: { fault: system, status, retryAfterMs: nullable(ms()), message },
    server: { fault: system, status, message },
    network: { fault: system, message },
    timeout: { fault: system, phase: { enum: ['first_byte', 'idle'] }, afterMs: ms(), message },
    provider_stream_error: { fault: system, status: nullable(status), code: nullable(str(LIMITS.name)), message },
    storage: { fault: system, message },
    internal: { fault: system, step: { enum: ['loop', 'compaction', 'start', 'model_client'] }, message },
    empty_response: { fault: model, message },
    content_filter: { fault: model, message },
  });
}

/** What a request left out, as `domain/left-out-note.ts` says it. */
function leftOutNotes(): Schema {
  return list(
    obj({ messageId: id(), what: str(LIMITS.name), why: str(LIMITS.shortText) }, ['messageId']),
    LIMITS.smallList,
  );
}

function messageBranches(extra: Record<string, Schema>): Record<string, Record<string, Schema>> {
  const base = { id: id(), createdAt: ms(), ...extra };
  return {
    system: { ...base, content: str(LIMITS.text), summaryOf: list(id(), LIMITS.messages) },
    user: { ...base, content: str(LIMITS.text), images: list(ref('messageImage'), LIMITS.smallList) },
    assistant: {
      ...base,
      content: str(LIMITS.text),
      reasoning: str(LIMITS.text),
      refusal: nullable(str(LIMITS.text)),
      toolCalls: list(ref('toolCall'), LIMITS.smallList),
      status: { enum: [...ASSISTANT_STATUSES] },
      runId: id(),
      turn: count(),
      providerItems: list(ref('providerItem'), LIMITS.smallList),
      citations: list(
        obj({
          kind: { enum: ['url', 'file', 'container_file'] },
          ref: str(LIMITS.shortText),
          title: str(LIMITS.shortText),
        }),
        LIMITS.smallList,
      ),
      responseId: id(),
      edits: list(ref('messageEdit'), LIMITS.smallList),
      wireParts: ref('wireParts'),
    },
    tool: {
      ...base,
      toolCallId: id(),
      name: str(LIMITS.name),
      content: str(LIMITS.text),
      isError: { type: 'boolean' },
      outcome: { enum: [...TOOL_OUTCOMES] },
      runId: id(),
      turn: count(),
      images: list(ref('messageImage'), LIMITS.smallList),
      edits: list(ref('messageEdit'), LIMITS.smallList),
    },
  };
}

/** An edit made at a pause, with what it replaced (domain/breakpoints.ts). */
function messageEdit(): Schema {
  return tagged('kind', {
    request: { original: str(LIMITS.text), sent: str(LIMITS.text) },
    arguments: { callId: id(), original: str(LIMITS.text) },
    result: { original: str(LIMITS.text) },
    answered: {},
  });
}

/** Where a run paused (domain/breakpoints.ts). */
function pausePoint(): Schema {
  const turn = count();
  return tagged(
    'at',
    {
      request: { turn, body: str(LIMITS.text) },
      before_tool: {
        turn,
        callId: id(),
        name: str(LIMITS.name),
        arguments: str(LIMITS.text),
        schema: { type: 'object' },
      },
      after_tool: {
        turn,
        callId: id(),
        name: str(LIMITS.name),
        arguments: str(LIMITS.text),
        result: str(LIMITS.text),
        isError: { type: 'boolean' },
      },
    },
    { before_tool: ['schema'] },
  );
}

const ASSISTANT_OPTIONAL = ['providerItems', 'citations', 'responseId', 'edits', 'wireParts'];

/** A tool the provider ran; the same shape in a message's providerItems and in its events. */
function providerToolCall(): Schema {
  return obj(
    {
      kind: { const: 'provider_tool' },
      id: id(),
      itemType: str(LIMITS.name),
      name: str(LIMITS.name),
      status: str(LIMITS.name),
      input: str(LIMITS.text),
      output: str(LIMITS.text),
      durationMs: ms(),
    },
    ['durationMs'],
  );
}

/**
 * A reply's provider-native content (domain/messages.ts `WireParts`), kept verbatim: each block or part is an open
 * object, as the provider wrote it (signatures included), so only its count and the file's size bound it.
 */
function wireParts(): Schema {
  return obj(
    {
      format: { enum: ['anthropic', 'gemini'] },
      model: str(LIMITS.name),
      parts: list({ type: 'object' }, LIMITS.smallList),
      prefixHash: str(64),
    },
    ['prefixHash'],
  );
}

function providerItem(): Schema {
  return {
    type: 'object',
    properties: { kind: { enum: ['reasoning', 'compaction', 'provider_tool'] } },
    required: ['kind'],
    discriminator: { propertyName: 'kind' },
    oneOf: [
      obj({
        kind: { const: 'reasoning' },
        id: id(),
        summary: list(str(LIMITS.text), LIMITS.smallList),
        encryptedContent: nullable(str(LIMITS.text)),
      }),
      obj({ kind: { const: 'compaction' }, id: id(), encryptedContent: str(LIMITS.text) }),
      providerToolCall(),
    ],
  };
}

function eventBranches(): Record<string, Record<string, Schema>> {
  const turn = count();
  const attempt = count();
  const errors = ref('validationErrors');
  return {
    run_started: { sessionId: id(), model: str(LIMITS.name), startedAt: ms() },
    message_appended: { message: ref('chatMessage') },
    request_started: {
      turn,
      attempt,
      messageId: id(),
      systemLayers: list(obj({ id: str(LIMITS.name), title: str(LIMITS.title), text: str(LIMITS.text) }), 100),
      contextTokens: count(),
      contextLimit: count(),
      contextTokensRaw: count(),
      toolSet: str(64),
      edited: { const: true },
    },
    request_left_out: {
      turn,
      attempt,
      messageId: id(),
      notes: leftOutNotes(),
    },
    first_token: { turn, attempt },
    summary_started: { turn, attempt },
    summary_finished: { turn, attempt, usage: nullable(ref('usage')) },
    summary_failed: { turn, attempt, error: ref('errorInfo'), retryInMs: nullable(ms()) },
    text_delta: { turn, messageId: id(), delta: str(LIMITS.text) },
    reasoning_delta: { turn, messageId: id(), delta: str(LIMITS.text) },
    tool_call_delta: {
      turn,
      messageId: id(),
      index: count(),
      id: id(),
      name: str(LIMITS.name),
      argumentsDelta: str(LIMITS.text),
    },
    provider_tool_updated: { turn, messageId: id(), item: providerToolCall() },
    request_finished: { turn, attempt, finishReason: nullable(str(LIMITS.name)), usage: ref('usage') },
    request_failed: { turn, attempt, error: ref('errorInfo'), retryInMs: nullable(ms()) },
    tool_started: {
      turn,
      callId: id(),
      name: str(LIMITS.name),
      arguments: str(LIMITS.text),
      mcpServer: ref('mcpServerRef'),
      edited: { const: true },
      parentCallId: id(),
    },
    tool_finished: {
      turn,
      callId: id(),
      name: str(LIMITS.name),
      outcome: { enum: [...TOOL_OUTCOMES] },
      durationMs: ms(),
      result: str(LIMITS.text),
      isError: { type: 'boolean' },
      validationErrors: errors,
      validation: { enum: ['ok', 'invalid_json', 'schema', 'unknown_tool'] },
      logs: ref('logs'),
      mcpMessages: list(
        obj({
          dir: { enum: ['sent', 'received'] },
          t: { type: 'number', minimum: -1e12, maximum: 8.64e15 },
          json: str(LIMITS.shortText),
        }),
        1_000,
      ),
      sampling: list(obj({ model: str(LIMITS.name), usage: ref('usage'), startMs: ms(), durationMs: ms() }), 1_000),
      recorded: { const: true },
      edited: { const: true },
    },
    tool_progress: {
      turn,
      callId: id(),
      logs: ref('logs'),
      bytesReceived: count(),
      bytesTotal: count(),
      mcpProgress: obj(
        {
          progress: { type: 'number', minimum: -1e15, maximum: 1e15 },
          total: { type: 'number', minimum: -1e15, maximum: 1e15 },
          message: str(LIMITS.shortText),
        },
        ['total', 'message'],
      ),
    },
    approval_requested: { turn, callId: id(), name: str(LIMITS.name), arguments: str(LIMITS.text), repeat: count() },
    approval_resolved: {
      turn,
      callId: id(),
      decision: { enum: ['approved', 'denied', 'edited'] },
      arguments: str(LIMITS.text),
      by: str(LIMITS.shortText),
    },
    context_compacted: {
      turn,
      removedMessageIds: list(id(), LIMITS.messages),
      summaryMessageId: id(),
      tokensBefore: count(),
      tokensAfter: count(),
    },
    run_paused: { point: pausePoint() },
    branch_started: { branchId: id(), forkMessageId: id(), leftMessageIds: list(id(), LIMITS.smallList) },
    run_resumed: { turn, action: { enum: ['continue', 'step', 'stop'] }, edited: { const: true } },
    run_finished: { stopReason: { enum: [...STOP_REASONS] }, usage: ref('usage'), error: ref('errorInfo') },
  };
}

const OPTIONAL_EVENT_FIELDS: Record<string, string[]> = {
  request_started: ['systemLayers', 'contextTokens', 'contextLimit', 'contextTokensRaw', 'toolSet', 'edited'],
  tool_started: ['mcpServer', 'edited', 'parentCallId'],
  run_resumed: ['edited'],
  approval_requested: ['repeat'],
  approval_resolved: ['by'],
  tool_finished: ['validationErrors', 'validation', 'logs', 'mcpMessages', 'sampling', 'recorded', 'edited'],
  tool_progress: ['logs', 'bytesReceived', 'bytesTotal', 'mcpProgress'],
  run_finished: ['error'],
};

function withEnvelope(
  branches: Record<string, Record<string, Schema>>,
  envelope: Record<string, Schema>,
): Record<string, Record<string, Schema>> {
  return Object.fromEntries(Object.entries(branches).map(([k, v]) => [k, { ...v, ...envelope }]));
}

function mcpServerEntry(): Schema {
  const approval = { enum: ['auto', 'ask', 'allow'] };
  return obj({
    id: id(),
    url: str(LIMITS.title),
    name: str(LIMITS.name),
    approval,
    headerNames: list(str(LIMITS.name), 200),
    toolChoices: {
      type: 'object',
      maxProperties: LIMITS.smallList,
      propertyNames: { maxLength: LIMITS.name },
      additionalProperties: obj({ enabled: { type: 'boolean' }, approval }, ['enabled', 'approval']),
    },
  });
}

function toolDefinition(): Schema {
  const header = {
    ...obj({ name: str(LIMITS.name), value: str(LIMITS.shortText), secret: { type: 'boolean' } }),
    // A secret header's value lives in the secrets table; a file must never carry one.
    if: { properties: { secret: { const: true } } },
    then: { properties: { value: { maxLength: 0 } } },
  };
  const http = obj({
    method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    urlTemplate: str(LIMITS.shortText),
    headers: list(header, 200),
    bodyTemplate: nullable(str(LIMITS.text)),
    responseType: { enum: ['json', 'text'] },
  });
  return obj(
    {
      id: id(),
      name: { type: 'string', minLength: 1, maxLength: LIMITS.name },
      description: str(LIMITS.shortText),
      parameters: { type: 'object', maxProperties: LIMITS.smallList },
      kind: { enum: ['code', 'http', 'builtin'] },
      code: nullable(str(LIMITS.text)),
      http: nullable(http),
      builtinId: nullable(str(LIMITS.name)),
      allowedOrigins: list(str(LIMITS.title), 1_000),
      timeoutMs: nullable(ms()),
      needsApproval: { type: 'boolean' },
      enabled: { type: 'boolean' },
      createdAt: ms(),
      updatedAt: ms(),
      allowPrivateAddresses: { type: 'boolean' },
    },
    ['allowPrivateAddresses'],
  );
}

function sessionSettings(): Schema {
  const n = { type: 'number', minimum: 0, maximum: 1e12 };
  return obj(
    {
      temperature: nullable({ type: 'number', minimum: 0, maximum: 10 }),
      topP: nullable({ type: 'number', minimum: 0, maximum: 1 }),
      maxTurns: count(),
      maxToolCallsPerTurn: count(),
      toolTimeoutMs: n,
      firstByteTimeoutMs: n,
      idleTimeoutMs: n,
      maxRetries: count(),
      retryBaseDelayMs: n,
      retryMaxDelayMs: n,
      toolConcurrency: count(),
      toolOutputLimitBytes: count(),
      repeatCallLimit: count(),
      systemPrompt: str(LIMITS.text),
      contextLimit: count(),
      apiFormat: { enum: ['chat', 'responses', 'anthropic', 'gemini'] },
      providerTools: list({ enum: ['web_search', 'code_interpreter', 'file_search', 'mcp'] }, 10),
      providerStorage: { type: 'boolean' },
      remoteMcpUrl: str(LIMITS.title),
      vectorStoreId: str(LIMITS.name),
      toolsEnabled: { type: 'boolean' },
      memoryEnabled: { type: 'boolean' },
      thinkingBudget: count(),
      maxOutputTokens: count(),
      cachePrompt: { type: 'boolean' },
    },
    [
      'temperature',
      'topP',
      'maxTurns',
      'maxToolCallsPerTurn',
      'toolTimeoutMs',
      'firstByteTimeoutMs',
      'idleTimeoutMs',
      'maxRetries',
      'retryBaseDelayMs',
      'retryMaxDelayMs',
      'toolConcurrency',
      'toolOutputLimitBytes',
      'repeatCallLimit',
      'systemPrompt',
      'contextLimit',
      'apiFormat',
      'providerTools',
      'providerStorage',
      'remoteMcpUrl',
      'vectorStoreId',
      'toolsEnabled',
      'memoryEnabled',
      'thinkingBudget',
      'maxOutputTokens',
      'cachePrompt',
    ],
  );
}

function modelPrices(): Schema {
  const usd = { type: 'number', minimum: 0, maximum: 1e6 };
  return {
    type: 'object',
    maxProperties: LIMITS.smallList,
    propertyNames: { minLength: 1, maxLength: LIMITS.name },
    additionalProperties: obj({ input: usd, cachedInput: usd, cacheWrite: usd, output: usd, reasoning: usd }, [
      'cachedInput',
      'cacheWrite',
      'reasoning',
    ]),
  };
}

export function buildSessionSchema(): Schema {
  const logs = list(
    obj({
      level: str(LIMITS.name),
      text: str(LIMITS.shortText),
      t: { type: 'number', minimum: -1e12, maximum: 8.64e15 },
    }),
    LIMITS.smallList,
  );
  const validationErrors = list(obj({ path: str(LIMITS.title), message: str(LIMITS.shortText) }), LIMITS.smallList);
  // Orders may be fractional: recovery can slot a message between two others.
  const recordEnvelope = { sessionId: id(), order: { type: 'number', minimum: -1e12, maximum: 1e12 }, branchId: id() };
  const eventEnvelope = {
    runId: id(),
    seq: count(),
    t: { type: 'number', minimum: 0, maximum: 8.64e15 },
    sessionId: id(),
    recovered: { type: 'boolean' },
  };

  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://toolscope.local/schema/toolscope-session-v1.json',
    title: 'Toolscope session export, version 1',
    description:
      'Sessions with their messages, tool calls, runs and agent events, plus the definitions of the tools they used. ' +
      'Never contains an API key or secret header value.',
    type: 'object',
    properties: {
      format: { const: 'toolscope-session' },
      version: { const: 1 },
      exportedAt: { type: 'string', format: 'date-time', maxLength: 64 },
      app: obj({ name: { const: 'toolscope' }, version: str(64) }),
      sessions: list(ref('exportedSession'), LIMITS.sessions),
      tools: list(ref('toolDefinition'), LIMITS.tools),
      memories: list(ref('memory'), LIMITS.memories),
      // MCP servers: where they are and what they are called, never a header value (those are asked for again).
      mcpServers: list(mcpServerEntry(), LIMITS.smallList),
      // A person's own price per model, US dollars per million tokens (Settings, "Token prices").
      modelPrices: modelPrices(),
    },
    required: ['format', 'version', 'exportedAt', 'app', 'sessions', 'tools'],
    additionalProperties: false,
    definitions: {
      usage: obj(
        {
          promptTokens: { type: 'number', minimum: 0, maximum: 1e15 },
          completionTokens: { type: 'number', minimum: 0, maximum: 1e15 },
          totalTokens: { type: 'number', minimum: 0, maximum: 1e15 },
          estimated: { type: 'boolean' },
          reasoningTokens: { type: 'number', minimum: 0, maximum: 1e15 },
          cachedTokens: { type: 'number', minimum: 0, maximum: 1e15 },
          cacheWriteTokens: { type: 'number', minimum: 0, maximum: 1e15 },
        },
        ['reasoningTokens', 'cachedTokens', 'cacheWriteTokens'],
      ),
      errorInfo: errorInfo(),
      logs,
      validationErrors,
      toolCall: obj({ id: id(), name: str(LIMITS.name), arguments: str(LIMITS.text) }),
      providerItem: providerItem(),
      wireParts: wireParts(),
      // An image's base64 text: the 5 MB decoded limit (domain/message-images.ts) with room to spare.
      messageImage: obj({ mimeType: str(LIMITS.name), data: str(8_000_000), label: str(LIMITS.title) }),
      messageEdit: messageEdit(),
      chatMessage: tagged('role', messageBranches({}), {
        system: ['summaryOf'],
        user: ['images'],
        assistant: ASSISTANT_OPTIONAL,
        tool: ['images', 'edits'],
      }),
      messageRecord: tagged('role', messageBranches(recordEnvelope), {
        system: ['summaryOf', 'branchId'],
        user: ['images', 'branchId'],
        assistant: [...ASSISTANT_OPTIONAL, 'branchId'],
        tool: ['images', 'edits', 'branchId'],
      }),
      session: obj(
        {
          id: id(),
          title: str(LIMITS.title),
          model: str(LIMITS.name),
          status: { enum: [...SESSION_STATUSES] },
          createdAt: ms(),
          updatedAt: ms(),
          messageCount: count(),
          toolCallCount: count(),
          usage: ref('usage'),
          settings: sessionSettings(),
          lastError: ref('errorInfo'),
          limitStop: { enum: [...LIMIT_STOPS] },
          endpoint: obj({ baseURL: str(LIMITS.title) }),
          // Branches (architecture.md, "Branches"): optional, so files written before them still import.
          branches: list(
            obj({ id: id(), parentId: id(), forkMessageId: nullable(id()), createdAt: ms() }),
            LIMITS.smallList,
          ),
          activeBranchId: id(),
          forkedFrom: obj({ sessionId: id(), messageId: id(), title: str(LIMITS.title) }),
          importedTrace: { type: 'boolean' },
          // A suite run's session (architecture.md, "Test cases and suites"): optional, so older files still import.
          evalRun: obj({ suiteId: id(), runId: id() }),
          // Opened from the trace inbox and not kept (architecture.md, "Trace inbox"): optional.
          openedTrace: obj({ sourceId: id(), traceId: id() }),
          // The session's breakpoints (architecture.md, "Breakpoints"): optional.
          breakpoints: obj(
            {
              beforeRequest: { type: 'boolean' },
              beforeTool: { type: 'boolean' },
              afterTool: { type: 'boolean' },
              tool: str(LIMITS.name),
              argumentsSchema: str(LIMITS.text),
            },
            ['tool', 'argumentsSchema'],
          ),
          // Steps tried on other models (architecture.md, "Try on other models"): optional, so older files still import.
          comparisons: list(
            obj({
              id: id(),
              messageId: id(),
              runId: id(),
              createdAt: ms(),
              answers: list(
                obj(
                  {
                    model: str(LIMITS.name),
                    baseURL: str(LIMITS.title),
                    outcome: { enum: [...COMPARISON_OUTCOMES] },
                    text: str(LIMITS.text),
                    toolCalls: list(ref('toolCall'), LIMITS.smallList),
                    finishReason: nullable(str(LIMITS.name)),
                    usage: nullable(ref('usage')),
                    timeToFirstTokenMs: nullable(ms()),
                    outputTokensPerSecond: nullable({ type: 'number', minimum: 0, maximum: 1e9 }),
                    error: str(LIMITS.shortText),
                    // What its request left out (docs/wire-formats.md): optional, so older files still import.
                    leftOut: leftOutNotes(),
                  },
                  ['baseURL', 'error', 'leftOut'],
                ),
                LIMITS.smallList,
              ),
            }),
            LIMITS.smallList,
          ),
        },
        [
          'lastError',
          'limitStop',
          'endpoint',
          'branches',
          'activeBranchId',
          'forkedFrom',
          'importedTrace',
          'comparisons',
          'evalRun',
          'openedTrace',
          'breakpoints',
        ],
      ),
      toolCallRecord: obj(
        {
          id: id(),
          sessionId: id(),
          runId: id(),
          turn: count(),
          messageId: id(),
          name: str(LIMITS.name),
          arguments: str(LIMITS.text),
          validation: { enum: ['ok', 'invalid_json', 'schema', 'unknown_tool', null] },
          validationErrors,
          result: nullable(str(LIMITS.text)),
          isError: { type: 'boolean' },
          status: { enum: ['pending', 'awaiting_approval', 'running', ...TOOL_OUTCOMES] },
          startedAt: nullable(ms()),
          finishedAt: nullable(ms()),
          durationMs: nullable(ms()),
          logs,
          mcpServer: ref('mcpServerRef'),
          bytesReceived: count(),
          bytesTotal: count(),
          recorded: { const: true },
        },
        ['mcpServer', 'bytesReceived', 'bytesTotal', 'recorded'],
      ),
      run: obj(
        {
          id: id(),
          sessionId: id(),
          startedAt: ms(),
          finishedAt: nullable(ms()),
          stopReason: { enum: [...STOP_REASONS, null] },
          usage: ref('usage'),
          error: ref('errorInfo'),
          interrupted: { type: 'boolean' },
          timing: { const: 'order' },
        },
        ['error', 'interrupted', 'timing'],
      ),
      event: tagged(
        'type',
        withEnvelope(eventBranches(), eventEnvelope),
        Object.fromEntries(
          Object.keys(eventBranches()).map((type) => [type, ['recovered', ...(OPTIONAL_EVENT_FIELDS[type] ?? [])]]),
        ),
      ),
      exportedSession: obj(
        {
          session: ref('session'),
          messages: list(ref('messageRecord'), LIMITS.messages),
          toolCalls: list(ref('toolCallRecord'), LIMITS.toolCalls),
          runs: list(ref('run'), LIMITS.runs),
          events: list(ref('event'), LIMITS.events),
          mcpTasks: list(ref('mcpTask'), LIMITS.smallList),
          mcpViewEvents: list(ref('mcpViewEvent'), LIMITS.events),
          toolSets: list(ref('toolSet'), LIMITS.smallList),
          // Raw traffic, only when the export asked for it (docs/wire-capture.md): optional, so older files still import.
          wireExchanges: list(ref('wireExchange'), LIMITS.events),
        },
        ['mcpTasks', 'mcpViewEvents', 'toolSets', 'wireExchanges'],
      ),
      wireExchange: wireExchangeSchema(LIMITS),
      // The distinct tool sets the session's requests offered, each named by the SHA-256 of its canonical JSON
      // (architecture.md, "Offered tool sets"); a request_started's toolSet is one of these hashes.
      toolSet: obj({
        sessionId: id(),
        hash: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        tools: list(
          obj({
            name: str(LIMITS.name),
            description: str(LIMITS.shortText),
            parameters: { type: 'object', maxProperties: LIMITS.smallList },
            source: tagged('kind', {
              builtin: {},
              custom: {},
              mcp: { serverId: id(), serverName: str(LIMITS.name) },
              provider: {},
            }),
          }),
          LIMITS.tools,
        ),
      }),
      mcpViewEvent: obj(
        {
          sessionId: id(),
          callId: id(),
          seq: { type: 'integer', minimum: 0, maximum: 9e15 },
          serverName: str(LIMITS.name),
          toolName: str(LIMITS.name),
          at: ms(),
          method: str(LIMITS.name),
          outcome: { enum: ['ok', 'refused', 'error', 'notice', 'approved', 'denied'] },
          params: str(LIMITS.shortText),
          result: str(LIMITS.shortText),
        },
        ['result'],
      ),
      mcpTask: obj(
        {
          callId: id(),
          sessionId: id(),
          serverId: id(),
          serverName: str(LIMITS.name),
          toolName: str(LIMITS.name),
          taskId: str(LIMITS.shortText),
          status: {
            enum: ['working', 'input_required', 'cancelling', 'completed', 'failed', 'cancelled', 'lost', 'expired'],
          },
          statusMessage: str(LIMITS.shortText),
          pollIntervalMs: { type: 'number', minimum: 0, maximum: 8.64e15 },
          ttlMs: nullable(ms()),
          taskCreatedAt: str(64),
          createdAt: ms(),
          updatedAt: ms(),
          endText: str(LIMITS.text),
          lateResult: obj({ content: str(LIMITS.text), isError: { type: 'boolean' }, arrivedAt: ms() }),
        },
        ['statusMessage', 'pollIntervalMs', 'ttlMs', 'taskCreatedAt', 'endText', 'lateResult'],
      ),
      toolDefinition: toolDefinition(),
      mcpServerRef: obj(
        {
          serverId: id(),
          serverName: str(LIMITS.name),
          protocolRevision: str(64),
          view: obj({ resourceUri: str(2048), toolName: str(LIMITS.name) }),
        },
        ['view'],
      ),
      memory: obj({
        id: id(),
        text: str(LIMITS.text),
        createdAt: ms(),
        updatedAt: ms(),
        sourceSessionId: nullable(id()),
        embedding: nullable(list({ type: 'number' }, LIMITS.embedding)),
        embeddingModel: nullable(str(LIMITS.name)),
      }),
    },
  };
}
