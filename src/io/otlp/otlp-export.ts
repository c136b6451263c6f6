import type { EventRecord, MessageRecord, RunRecord } from '../../db/records';
import { addCost, costOf, UNKNOWN_COST, ZERO_COST, type Cost } from '../../domain/cost';
import type { AssistantMessage, ChatMessage, Usage } from '../../domain/messages';
import type { ApiFormat } from '../../domain/session';
import type { LateTaskResult } from '../../domain/mcp-task';
import { priceOf, type PriceList } from '../../domain/model-prices';
import { APP_INFO } from '../app-info';
import { outputTokensPerSecond } from '../../domain/step-stats';
import type { ExportedSessionV1 } from '../session-file/format-v1';
import { GEN_AI, GEN_AI_OPERATION, GEN_AI_PROVIDER, OTEL, SPAN_KIND, STATUS_CODE, TOOLSCOPE } from './otlp-names';
import {
  attr,
  hexId,
  msToUnixNano,
  type OtlpKeyValue,
  type OtlpSpan,
  type OtlpSpanEvent,
  type OtlpTraces,
} from './otlp-types';

/**
 * Stored sessions as OpenTelemetry traces (architecture.md, "Traces"): one trace per run, an `invoke_agent` span for
 * the run, a `chat {model}` span per model request attempt and an `execute_tool {name}` span per tool call, named and
 * attributed after the GenAI semantic conventions. Message and tool content only when asked (the conventions make
 * it opt-in). Built from the stored records only: the settings and secrets tables are never read, so no key can
 * reach a trace.
 */
type TraceOptions = {
  includeContent: boolean;
  /** A person's own prices, over the shipped table. */
  prices?: PriceList;
};

const AGENT_NAME = 'Toolscope';

type Ctx = {
  traceId: string;
  runSpanId: string;
  at: (t: number) => string;
  model: string;
  /** `gen_ai.provider.name` of the session's API. */
  provider: string;
  opts: TraceOptions;
};

/**
 * The API a session spoke: its own choice, else the format its replies were stored in (a session made before the choice
 * was kept on it), else Chat Completions.
 */
function sessionFormat(entry: ExportedSessionV1): ApiFormat {
  if (entry.session.settings.apiFormat) return entry.session.settings.apiFormat;
  const native = entry.messages.find((m) => m.role === 'assistant' && m.wireParts !== undefined);
  return native?.role === 'assistant' && native.wireParts ? native.wireParts.format : 'chat';
}

const usageAttrs = (u: Usage): OtlpKeyValue[] => [
  attr(GEN_AI.usageInputTokens, u.promptTokens),
  attr(GEN_AI.usageOutputTokens, u.completionTokens),
  ...(u.cachedTokens !== undefined ? [attr(GEN_AI.usageCacheReadInputTokens, u.cachedTokens)] : []),
  ...(u.cacheWriteTokens !== undefined ? [attr(GEN_AI.usageCacheCreationInputTokens, u.cacheWriteTokens)] : []),
  ...(u.reasoningTokens !== undefined ? [attr(GEN_AI.usageReasoningOutputTokens, u.reasoningTokens)] : []),
  ...(u.estimated ? [attr(TOOLSCOPE.tokensEstimated, true)] : []),
];

const costAttrs = (c: Cost): OtlpKeyValue[] =>
  c.kind === 'known'
    ? [
        { key: TOOLSCOPE.costUsd, value: { doubleValue: c.usd } },
        ...(c.estimated ? [attr(TOOLSCOPE.costEstimated, true)] : []),
      ]
    : [];

/** The conventions' message shape: a role and typed parts. */
function messageParts(m: ChatMessage): unknown {
  switch (m.role) {
    case 'system':
    case 'user':
      return { role: m.role, parts: [{ type: 'text', content: m.content }] };
    case 'assistant':
      return {
        role: 'assistant',
        parts: [
          ...(m.reasoning ? [{ type: 'reasoning', content: m.reasoning }] : []),
          ...(m.content ? [{ type: 'text', content: m.content }] : []),
          ...m.toolCalls.map((c) => ({ type: 'tool_call', id: c.id, name: c.name, arguments: c.arguments })),
        ],
      };
    case 'tool':
      return { role: 'tool', parts: [{ type: 'tool_call_response', id: m.toolCallId, response: m.content }] };
  }
}

function requestSpans(
  ctx: Ctx,
  events: EventRecord[],
  messages: Map<string, MessageRecord>,
  runEnd: number,
  cut: 'cancelled' | 'interrupted',
): { spans: OtlpSpan[]; cost: Cost } {
  const spans: OtlpSpan[] = [];
  const price = priceOf(ctx.model, ctx.opts.prices);
  // No price: the run's cost is unknown even when it made no request, never a silent $0.
  let cost: Cost = price ? ZERO_COST : UNKNOWN_COST;
  const open = new Map<string, { e: Extract<EventRecord, { type: 'request_started' }>; firstToken?: number }>();
  const close = (
    key: string,
    end: number,
    attrs: OtlpKeyValue[],
    status: OtlpSpan['status'],
    events: OtlpSpanEvent[] = [],
  ) => {
    const started = open.get(key);
    if (!started) return;
    open.delete(key);
    const { e } = started;
    const message = messages.get(e.messageId);
    const assistant = message?.role === 'assistant' ? (message as AssistantMessage & MessageRecord) : undefined;
    spans.push({
      traceId: ctx.traceId,
      spanId: hexId(`${ctx.runSpanId}/request/${key}`, 8),
      parentSpanId: ctx.runSpanId,
      name: `${GEN_AI_OPERATION.chat} ${ctx.model}`,
      kind: SPAN_KIND.client,
      startTimeUnixNano: ctx.at(e.t),
      endTimeUnixNano: ctx.at(end),
      attributes: [
        attr(GEN_AI.operationName, GEN_AI_OPERATION.chat),
        attr(GEN_AI.providerName, ctx.provider),
        attr(GEN_AI.requestModel, ctx.model),
        attr(TOOLSCOPE.turn, e.turn),
        attr(TOOLSCOPE.attempt, e.attempt),
        ...(started.firstToken !== undefined
          ? [{ key: GEN_AI.responseTimeToFirstChunk, value: { doubleValue: (started.firstToken - e.t) / 1000 } }]
          : []),
        ...(status?.code !== STATUS_CODE.error && assistant?.responseId
          ? [attr(GEN_AI.responseId, assistant.responseId)]
          : []),
        ...(status?.code !== STATUS_CODE.error && ctx.opts.includeContent && assistant
          ? [attr(GEN_AI.outputMessages, JSON.stringify([messageParts(assistant)]))]
          : []),
        ...attrs,
      ],
      events,
      status: status ?? { code: STATUS_CODE.unset },
    });
  };
  for (const e of events) {
    const key = 'turn' in e && 'attempt' in e ? `${e.turn}.${e.attempt}` : '';
    if (e.type === 'request_started') open.set(key, { e });
    else if (e.type === 'first_token') {
      const o = open.get(key);
      if (o) o.firstToken = e.t;
    } else if (e.type === 'request_finished') {
      const c = costOf(e.usage, price, 'one call');
      cost = addCost(cost, c);
      const rate = outputTokensPerSecond(open.get(key)?.firstToken ?? null, e.t, e.usage);
      close(
        key,
        e.t,
        [
          ...(rate !== null ? [{ key: TOOLSCOPE.outputTokensPerSecond, value: { doubleValue: rate } }] : []),
          attr(GEN_AI.responseModel, ctx.model),
          attr(GEN_AI.responseFinishReasons, e.finishReason ? [e.finishReason] : []),
          ...usageAttrs(e.usage),
          ...costAttrs(c),
        ],
        { code: STATUS_CODE.unset },
      );
    } else if (e.type === 'request_failed') {
      const retry: OtlpSpanEvent[] =
        e.retryInMs !== null
          ? [
              {
                timeUnixNano: ctx.at(e.t),
                name: 'retry_scheduled',
                attributes: [attr(TOOLSCOPE.retryInMs, e.retryInMs)],
              },
            ]
          : [];
      close(
        key,
        e.t,
        [attr(OTEL.errorType, e.error.kind)],
        { code: STATUS_CODE.error, message: e.error.message },
        retry,
      );
    }
  }
  // A request that never ended (Stop, or the page closed mid-stream) ends with the run.
  for (const key of [...open.keys()])
    close(key, runEnd, [attr(OTEL.errorType, cut)], { code: STATUS_CODE.error, message: cut });
  return { spans, cost };
}

/** A task's result that came after its call's run ended (architecture.md, "MCP Tasks"), by call id. */
type LateResults = ReadonlyMap<string, LateTaskResult>;

function toolSpans(ctx: Ctx, events: EventRecord[], runEnd: number, lateResults: LateResults): OtlpSpan[] {
  type Call = {
    name: string;
    callId: string;
    start: number;
    end?: number;
    args?: string;
    /** The call this one ran inside (an imported trace's nesting), as its `tool_started` names it. */
    parent?: string;
    events: OtlpSpanEvent[];
    finished?: Extract<EventRecord, { type: 'tool_finished' }>;
  };
  const calls = new Map<string, Call>();
  const get = (callId: string, name: string, t: number) => {
    let c = calls.get(callId);
    if (!c) calls.set(callId, (c = { name, callId, start: t, events: [] }));
    return c;
  };
  for (const e of events) {
    if (e.type === 'approval_requested') {
      get(e.callId, e.name, e.t).events.push({ timeUnixNano: ctx.at(e.t), name: 'approval_requested' });
    } else if (e.type === 'approval_resolved') {
      calls.get(e.callId)?.events.push({
        timeUnixNano: ctx.at(e.t),
        name: 'approval_resolved',
        attributes: [attr(TOOLSCOPE.approvalDecision, e.decision)],
      });
    } else if (e.type === 'tool_started') {
      const c = get(e.callId, e.name, e.t);
      c.args = e.arguments;
      if (e.parentCallId !== undefined) c.parent = e.parentCallId;
    } else if (e.type === 'tool_finished') {
      const c = get(e.callId, e.name, e.t);
      c.end = e.t;
      c.finished = e;
    }
  }
  const spanIdOf = (callId: string) => hexId(`${ctx.runSpanId}/tool/${callId}`, 8);
  // A call inside another call of this run is its span's child, so the trace keeps the nesting the import read
  // (docs/files.md, "Traces"); a parent in another run, or parents looping back to the call, leave it under the run.
  const parentSpanOf = (c: Call): string => {
    if (c.parent === undefined || !calls.has(c.parent)) return ctx.runSpanId;
    const seen = new Set<string>();
    for (let p: string | undefined = c.parent; p !== undefined && !seen.has(p); p = calls.get(p)?.parent) {
      if (p === c.callId) return ctx.runSpanId;
      seen.add(p);
    }
    return spanIdOf(c.parent);
  };
  return [...calls.values()].map((c): OtlpSpan => {
    const f = c.finished;
    const stored = f?.outcome ?? 'interrupted';
    // As the history builder does: only an interrupted call takes a late result; its own result is never replaced.
    const late = stored === 'interrupted' ? lateResults.get(c.callId) : undefined;
    const outcome = late !== undefined ? (late.isError ? 'error' : 'ok') : stored;
    const result = late !== undefined ? late.content : f?.result;
    const isError = late !== undefined ? late.isError : f?.isError === true;
    const failed = outcome !== 'ok';
    return {
      traceId: ctx.traceId,
      spanId: spanIdOf(c.callId),
      parentSpanId: parentSpanOf(c),
      name: `${GEN_AI_OPERATION.executeTool} ${c.name}`,
      kind: SPAN_KIND.internal,
      startTimeUnixNano: ctx.at(c.start),
      endTimeUnixNano: ctx.at(c.end ?? runEnd),
      attributes: [
        attr(GEN_AI.operationName, GEN_AI_OPERATION.executeTool),
        attr(GEN_AI.toolName, c.name),
        attr(GEN_AI.toolCallId, c.callId),
        attr(GEN_AI.toolType, 'function'),
        attr(TOOLSCOPE.toolOutcome, outcome),
        ...(f ? [{ key: TOOLSCOPE.toolDurationMs, value: { doubleValue: f.durationMs } }] : []),
        // Arguments that failed their check never reached the tool: no start, only the answer.
        ...(c.args === undefined && outcome !== 'denied' ? [attr(TOOLSCOPE.toolRan, false)] : []),
        ...(failed ? [attr(OTEL.errorType, outcome)] : []),
        ...(ctx.opts.includeContent && c.args !== undefined ? [attr(GEN_AI.toolCallArguments, c.args)] : []),
        ...(ctx.opts.includeContent && result !== undefined ? [attr(GEN_AI.toolCallResult, result)] : []),
        ...(late !== undefined ? [attr(TOOLSCOPE.toolLateResult, true)] : []),
      ],
      events:
        late !== undefined
          ? [...c.events, { timeUnixNano: msToUnixNano(late.arrivedAt), name: 'late_result' }]
          : c.events,
      status: failed
        ? {
            code: STATUS_CODE.error,
            message: ctx.opts.includeContent && isError && result !== undefined ? result.slice(0, 1024) : outcome,
          }
        : { code: STATUS_CODE.unset },
    };
  });
}

function runSpans(entry: ExportedSessionV1, run: RunRecord, opts: TraceOptions, lateResults: LateResults): OtlpSpan[] {
  const events = entry.events.filter((e) => e.runId === run.id).sort((a, b) => a.seq - b.seq);
  const started = events.find((e) => e.type === 'run_started');
  const finished = events.find((e) => e.type === 'run_finished');
  const model = (started?.type === 'run_started' ? started.model : '') || entry.session.model;
  const lastT = events.reduce((m, e) => Math.max(m, e.t), 0);
  const runEnd = run.finishedAt !== null ? Math.max(run.finishedAt - run.startedAt, lastT) : lastT;
  const traceId = hexId(`toolscope/run/${run.id}`, 16);
  const runSpanId = hexId(`toolscope/run/${run.id}/agent`, 8);
  const provider = GEN_AI_PROVIDER[sessionFormat(entry)];
  const ctx: Ctx = { traceId, runSpanId, at: (t) => msToUnixNano(run.startedAt + t), model, provider, opts };
  const messages = new Map(entry.messages.map((m) => [m.id, m]));
  const requests = requestSpans(ctx, events, messages, runEnd, run.interrupted ? 'interrupted' : 'cancelled');
  const runEvents: OtlpSpanEvent[] = [];
  for (const e of events) {
    if (e.type === 'context_compacted') {
      runEvents.push({
        timeUnixNano: ctx.at(e.t),
        name: 'context_compacted',
        attributes: [
          attr(TOOLSCOPE.contextTokensBefore, e.tokensBefore),
          attr(TOOLSCOPE.contextTokensAfter, e.tokensAfter),
        ],
      });
    }
  }
  const stop = finished?.type === 'run_finished' ? finished : null;
  if (stop?.stopReason === 'cancelled' || run.interrupted)
    runEvents.push({ timeUnixNano: ctx.at(stop?.t ?? runEnd), name: run.interrupted ? 'interrupted' : 'cancelled' });
  const input = events.flatMap((e) =>
    e.type === 'message_appended' && e.message.role === 'user' ? [messageParts(e.message)] : [],
  );
  const systemPrompt = entry.session.settings.systemPrompt;
  const runError = stop?.error ?? run.error;
  const agent: OtlpSpan = {
    traceId,
    spanId: runSpanId,
    name: `${GEN_AI_OPERATION.invokeAgent} ${AGENT_NAME}`,
    kind: SPAN_KIND.internal,
    startTimeUnixNano: ctx.at(0),
    endTimeUnixNano: ctx.at(runEnd),
    attributes: [
      attr(GEN_AI.operationName, GEN_AI_OPERATION.invokeAgent),
      attr(GEN_AI.providerName, provider),
      attr(GEN_AI.agentName, AGENT_NAME),
      attr(GEN_AI.conversationId, entry.session.id),
      attr(GEN_AI.requestModel, model),
      // A title is written from the first message: content.
      ...(opts.includeContent ? [attr(TOOLSCOPE.sessionTitle, entry.session.title)] : []),
      ...(stop ? [attr(TOOLSCOPE.stopReason, stop.stopReason)] : []),
      ...usageAttrs(stop?.usage ?? run.usage),
      ...costAttrs(requests.cost),
      ...(opts.includeContent && input.length > 0 ? [attr(GEN_AI.inputMessages, JSON.stringify(input))] : []),
      ...(opts.includeContent && systemPrompt
        ? [attr(GEN_AI.systemInstructions, JSON.stringify([{ type: 'text', content: systemPrompt }]))]
        : []),
      ...(runError ? [attr(OTEL.errorType, runError.kind)] : []),
    ],
    events: runEvents,
    status: runError ? { code: STATUS_CODE.error, message: runError.message } : { code: STATUS_CODE.unset },
  };
  return [agent, ...requests.spans, ...toolSpans(ctx, events, runEnd, lateResults)];
}

/** Every run of the given sessions, in one OTLP/JSON request body (what a collector's /v1/traces takes). */
export function sessionsToOtlp(
  entries: readonly ExportedSessionV1[],
  opts: TraceOptions,
  onlyRunId?: string,
): OtlpTraces {
  const spans = entries.flatMap((entry) => {
    const late: LateResults = new Map(
      (entry.mcpTasks ?? []).flatMap((t) => (t.lateResult !== undefined ? [[t.callId, t.lateResult] as const] : [])),
    );
    return entry.runs
      .filter((r) => onlyRunId === undefined || r.id === onlyRunId)
      .flatMap((run) => runSpans(entry, run, opts, late));
  });
  return {
    resourceSpans: [
      {
        resource: { attributes: [attr(OTEL.serviceName, APP_INFO.name), attr(OTEL.serviceVersion, APP_INFO.version)] },
        scopeSpans: [{ scope: { name: APP_INFO.name, version: APP_INFO.version }, spans }],
      },
    ],
  };
}
