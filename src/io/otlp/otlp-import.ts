// Generated from otlp-trace-schema.json at build time (build/export-validators.ts): nothing is compiled on the page.
import { validate } from 'virtual:export-schema/otlp-traces';
import type { AgentEventBody } from '../../domain/run-events';
import type { EventRecord, MessageRecord, RunRecord, ToolCallRecord } from '../../db/records';
import type { ToolSetRecord } from '../../domain/offered-tools';
import { addUsage, isToolOutcome, zeroUsage, type ToolOutcome, type Usage } from '../../domain/messages';
import type { SessionRecord } from '../../domain/session';
import { isStopReason, type StopReason } from '../../domain/stop-reason';
import { APP_INFO } from '../app-info';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFileV1, type ExportedSessionV1 } from '../session-file/format-v1';
import { GEN_AI, OTEL, TOOLSCOPE } from './otlp-names';
import { chatFacts, spanRole, toolFacts, userText } from './otlp-span-kinds';
import { callIdsBySpan, parentCallsBySpan } from './span-call-ids';
import { attributesOf, unixNanoToMs, type OtlpTraces } from './otlp-types';
import { describeErrors, type FileIssue } from '../session-file/validate-file';
import { genericSpanCallId } from '../../domain/trace-span';
import type { SkippedEntry } from '../foreign/skipped-entry';
import { pruneUnreadableSpans } from './otlp-prune';
import { genAiEventsBySpan } from './otlp-logs';
import { traceMessages, type SpanView, type TraceMessages } from './trace-messages';
import type { PathMessage } from './trace-conversation';
import { answerUnrecordedCalls } from './unrecorded-calls';
import { traceApiFormat } from './trace-provider';
import type { SessionSettings } from '../../domain/session';
import { isRecord } from '../../domain/is-record';

/**
 * An OTLP/JSON trace file (from Toolscope or any other runtime) made into read-only sessions (architecture.md,
 * "Traces"). Spans are grouped into sessions by `gen_ai.conversation.id` (else by trace) and into runs by trace; model
 * requests and tool calls become the events the timeline draws; any other span is drawn as a generic bar whose
 * details are its attributes. The result is an ordinary version-1 export, checked and written like any import.
 */
/** `skipped`: spans (or blocks) the schema refused, left out while the rest was imported. */
type OtlpImportResult =
  | { ok: true; file: ExportFileV1; skipped: SkippedEntry[] }
  | { ok: false; stage: 'schema' | 'integrity'; message: string; issues: FileIssue[]; total: number };

export function looksLikeOtlpTraces(data: unknown): boolean {
  return isRecord(data) && Array.isArray(data.resourceSpans);
}

type Flat = SpanView;

const MAX_TEXT = 64 * 1024;
const cut = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}\n[… cut at 64 KB]` : s);

type OtlpImportOptions = { now: number; newId: () => string };

export function otlpTracesToExport(input: unknown, opts: OtlpImportOptions): OtlpImportResult {
  let data = input;
  let skipped: SkippedEntry[] = [];
  if (!validate(data)) {
    const refused = () => {
      const { issues, total } = describeErrors(validate.errors ?? []);
      return {
        ok: false as const,
        stage: 'schema' as const,
        message: `This looks like an OpenTelemetry (OTLP/JSON) trace, but it does not match that format (${total} problem${total === 1 ? '' : 's'}).`,
        issues,
        total,
      };
    };
    // The unreadable spans are left out and named; what is left must then be valid, else the file is refused.
    const pruned = pruneUnreadableSpans(data, validate.errors ?? []);
    if (pruned === null || !validate(pruned.data)) return refused();
    data = pruned.data;
    skipped = pruned.skipped;
  }
  const flat: Flat[] = [];
  // The GenAI events some instrumentations write as log records beside the spans (io/otlp/otlp-logs.ts).
  const logs = genAiEventsBySpan((data as OtlpTraces).resourceLogs);
  for (const rs of (data as OtlpTraces).resourceSpans) {
    for (const ss of rs.scopeSpans) {
      for (const span of ss.spans) {
        const own = logs.get(span.spanId.toLowerCase());
        flat.push({
          span,
          attrs: attributesOf(span.attributes),
          start: unixNanoToMs(span.startTimeUnixNano),
          end: unixNanoToMs(span.endTimeUnixNano),
          ...(own ? { logs: own } : {}),
        });
      }
    }
  }
  if (flat.length === 0 && skipped[0]?.reason.kind === 'unreadable') {
    const first = skipped[0].reason;
    return {
      ok: false,
      stage: 'schema',
      message:
        'This looks like an OpenTelemetry (OTLP/JSON) trace, but nothing in it can be imported: ' +
        `${skipped.length === 1 ? 'its one span cannot' : `its ${skipped.length} spans cannot`} ` +
        `be read (the first at ${first.path}, expected ${first.expected}).`,
      issues: [{ path: first.path, expected: first.expected }],
      total: skipped.length,
    };
  }
  if (flat.length === 0)
    return {
      ok: false,
      stage: 'schema',
      message: 'The trace holds no spans: there is nothing to show.',
      issues: [{ path: '$.resourceSpans', expected: 'at least one span' }],
      total: 1,
    };
  // A trace's conversation: the id any of its spans names, else the trace itself.
  const conversationOf = new Map<string, string>();
  for (const f of flat) {
    const c = f.attrs[GEN_AI.conversationId] ?? f.attrs[OTEL.sessionId];
    if (typeof c === 'string' && c && !conversationOf.has(f.span.traceId)) conversationOf.set(f.span.traceId, c);
  }
  const sessions = new Map<string, Map<string, Flat[]>>();
  for (const f of flat) {
    const key = conversationOf.get(f.span.traceId) ?? `trace:${f.span.traceId}`;
    const traces = sessions.get(key) ?? new Map<string, Flat[]>();
    sessions.set(key, traces);
    const list = traces.get(f.span.traceId);
    if (list) list.push(f);
    else traces.set(f.span.traceId, [f]);
  }
  const entries = [...sessions.values()].map((traces) => sessionOf([...traces.values()], opts));
  entries.sort((a, b) => a.session.createdAt - b.session.createdAt);
  return {
    ok: true,
    file: {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date(opts.now).toISOString(),
      app: APP_INFO,
      sessions: entries,
      tools: [],
    },
    skipped,
  };
}

function sessionOf(traces: Flat[][], opts: OtlpImportOptions): ExportedSessionV1 {
  const sessionId = opts.newId();
  // In start order: a later run's requests continue the path the earlier ones built.
  const ordered = traces
    .map((spans) => [...spans].sort((a, b) => a.start - b.start || a.end - b.end))
    .sort((a, b) => a[0]!.start - b[0]!.start);
  let path: PathMessage[] = [];
  const messages: MessageRecord[] = [];
  const toolCalls: ToolCallRecord[] = [];
  const toolSets = new Map<string, ToolSetRecord>();
  let settings: SessionSettings = {};
  const runs = ordered.map((spans) => {
    const runId = opts.newId();
    const rich = traceMessages(spans, { sessionId, runId, order: messages.length, newId: opts.newId }, path);
    const r = runOf(sessionId, runId, spans, opts, rich);
    if (rich) {
      path = rich.path;
      messages.push(...rich.messages);
      toolCalls.push(...rich.toolCalls);
      for (const t of rich.toolSets) toolSets.set(t.hash, t);
      if (Object.keys(settings).length === 0)
        settings = {
          ...(rich.parameters.temperature !== undefined ? { temperature: rich.parameters.temperature } : {}),
          ...(rich.parameters.topP !== undefined ? { topP: rich.parameters.topP } : {}),
        };
    } else if (r.user && r.answer) {
      messages.push({
        id: opts.newId(),
        role: 'user',
        content: cut(r.user),
        createdAt: r.run.startedAt,
        sessionId,
        order: messages.length,
      });
      messages.push({
        id: opts.newId(),
        role: 'assistant',
        content: cut(r.answer),
        reasoning: '',
        refusal: null,
        toolCalls: [],
        status: 'complete',
        runId: r.run.id,
        turn: 1,
        createdAt: r.run.finishedAt ?? r.run.startedAt,
        sessionId,
        order: messages.length,
      });
    }
    return r;
  });
  // Calls the trace names but never answers (an agent stopped with one pending, a dropped tool span).
  const answered = answerUnrecordedCalls(
    messages,
    runs.map((r) => r.run),
    opts.newId,
  );
  toolCalls.push(...answered.toolCalls);
  const all = traces.flat();
  const titled = all.find((f) => typeof f.attrs[TOOLSCOPE.sessionTitle] === 'string')?.attrs[TOOLSCOPE.sessionTitle] as
    | string
    | undefined;
  const firstUser = messages.find((m) => m.role === 'user')?.content ?? runs.find((r) => r.user)?.user;
  const root = all.filter((f) => !f.span.parentSpanId).sort((a, b) => a.start - b.start)[0] ?? all[0]!;
  const title = (
    titled ?? (firstUser ? firstUser.split('\n')[0]!.slice(0, 80) : `Imported trace: ${root.span.name}`)
  ).slice(0, 200);
  const usage = runs.reduce((u, r) => addUsage(u, r.run.usage), zeroUsage());
  // A step traced on Anthropic's or Google's API re-runs in that API (io/otlp/trace-provider.ts).
  const apiFormat = traceApiFormat(all);
  const session: SessionRecord = {
    id: sessionId,
    title,
    model: runs.find((r) => r.model)?.model ?? '',
    status: 'idle',
    createdAt: Math.round(runs[0]?.run.startedAt ?? opts.now),
    updatedAt: Math.round(runs.at(-1)?.run.finishedAt ?? opts.now),
    messageCount: answered.messages.length,
    toolCallCount: runs.reduce((n, r) => n + r.toolCount, 0) + answered.toolCalls.length,
    usage,
    settings: apiFormat ? { ...settings, apiFormat } : settings,
    importedTrace: true,
  };
  return {
    session,
    messages: answered.messages,
    toolCalls,
    runs: runs.map((r) => r.run),
    events: runs.flatMap((r) => r.events),
    ...(toolSets.size > 0 ? { toolSets: [...toolSets.values()] } : {}),
  };
}

type Step = { t: number; rank: number; body: AgentEventBody };

function runOf(
  sessionId: string,
  runId: string,
  spans: Flat[],
  opts: OtlpImportOptions,
  rich: TraceMessages | null,
): { run: RunRecord; events: EventRecord[]; user?: string; answer?: string; model?: string; toolCount: number } {
  const startedAt = spans[0]!.start;
  // Not Math.max(...spans): a long trace would overflow the argument list.
  const finishedAt = spans.reduce((m, f) => Math.max(m, f.end), -Infinity);
  const at = (ms: number) => Math.max(0, Math.round((ms - startedAt) * 10) / 10);
  const steps: Step[] = [];
  let usage: Usage = zeroUsage();
  let model: string | undefined;
  let user: string | undefined;
  let answer: string | undefined;
  let turn = 0;
  let toolCount = 0;
  let agent: Flat | undefined;
  // Spans come in start order, so every request begun by a call's start is already counted in `turn`: a call
  // belongs to the latest turn so far (scanning the steps for it made a long trace quadratic).
  const turnNow = () => Math.max(1, turn);
  const callIds = callIdsBySpan(spans, rich?.callIds);
  const parentCalls = parentCallsBySpan(spans, callIds);
  for (const f of spans) {
    const role = spanRole(f.span.name, f.attrs);
    const failed = f.span.status?.code === 2;
    const message = f.span.status?.message ?? '';
    if (role === 'agent') {
      agent ??= f;
      user ??= userText(f.attrs);
      continue;
    }
    if (role === 'chat') {
      const facts = chatFacts(f.attrs);
      const ownTurn = typeof f.attrs[TOOLSCOPE.turn] === 'number' ? (f.attrs[TOOLSCOPE.turn] as number) : turn + 1;
      const attempt = typeof f.attrs[TOOLSCOPE.attempt] === 'number' ? (f.attrs[TOOLSCOPE.attempt] as number) : 1;
      turn = Math.max(turn, ownTurn);
      model ??= facts.model;
      const traced = rich?.steps.get(f.span.spanId);
      steps.push({
        t: at(f.start),
        rank: 0,
        body: {
          type: 'request_started',
          turn: ownTurn,
          attempt,
          messageId: traced?.messageId ?? '',
          ...(traced?.systemLayers ? { systemLayers: traced.systemLayers } : {}),
          ...(traced?.toolSet ? { toolSet: traced.toolSet } : {}),
        },
      });
      const ttfc = f.attrs[GEN_AI.responseTimeToFirstChunk];
      if (typeof ttfc === 'number' && ttfc >= 0)
        steps.push({ t: at(f.start + ttfc * 1000), rank: 1, body: { type: 'first_token', turn: ownTurn, attempt } });
      const errorType = f.attrs[OTEL.errorType];
      // A request cut by Stop or a closed page (how the export marks it) stays open: it ends with its run, as it did.
      if (failed && (errorType === 'cancelled' || errorType === 'interrupted')) continue;
      if (failed) {
        const retry = f.span.events?.find((e) => e.name === 'retry_scheduled');
        const retryIn = retry ? attributesOf(retry.attributes)[TOOLSCOPE.retryInMs] : undefined;
        const code = typeof f.attrs[OTEL.errorType] === 'string' ? (f.attrs[OTEL.errorType] as string) : null;
        steps.push({
          t: at(f.end),
          rank: 2,
          body: {
            type: 'request_failed',
            turn: ownTurn,
            attempt,
            error: {
              fault: 'system',
              kind: 'provider_stream_error',
              status: null,
              code,
              message: message || 'The request failed.',
            },
            retryInMs: typeof retryIn === 'number' ? retryIn : null,
          },
        });
      } else {
        const u: Usage = {
          promptTokens: facts.inputTokens ?? 0,
          completionTokens: facts.outputTokens ?? 0,
          totalTokens: (facts.inputTokens ?? 0) + (facts.outputTokens ?? 0),
          estimated: f.attrs[TOOLSCOPE.tokensEstimated] === true,
          ...(facts.cachedTokens !== undefined ? { cachedTokens: facts.cachedTokens } : {}),
          ...(facts.reasoningTokens !== undefined ? { reasoningTokens: facts.reasoningTokens } : {}),
        };
        usage = addUsage(usage, u);
        if (facts.outputText) answer = facts.outputText;
        steps.push({
          t: at(f.end),
          rank: 2,
          body: {
            type: 'request_finished',
            turn: ownTurn,
            attempt,
            finishReason: facts.finishReason ?? null,
            usage: u,
          },
        });
      }
      continue;
    }
    toolCount++;
    const t0 = at(f.start);
    const ownTurn = turnNow();
    const tool = role === 'tool' ? toolFacts(f.attrs) : null;
    const callId = callIds.get(f.span.spanId) ?? genericSpanCallId(f.span.spanId);
    const parentCallId = parentCalls.get(f.span.spanId);
    const name = tool?.name ?? f.span.name;
    // A generic span's details are its attributes, shown where a tool call shows its arguments.
    const args = tool ? (tool.args ?? '') : JSON.stringify(f.attrs, null, 2);
    const outcome: ToolOutcome = tool?.outcome && isToolOutcome(tool.outcome) ? tool.outcome : failed ? 'error' : 'ok';
    for (const e of f.span.events ?? []) {
      const et = e.timeUnixNano !== undefined ? at(unixNanoToMs(e.timeUnixNano)) : t0;
      if (e.name === 'approval_requested')
        steps.push({
          t: et,
          rank: 0,
          body: { type: 'approval_requested', turn: ownTurn, callId, name, arguments: args },
        });
      if (e.name === 'approval_resolved') {
        const d = attributesOf(e.attributes)[TOOLSCOPE.approvalDecision];
        const decision = d === 'approved' || d === 'denied' || d === 'edited' ? d : 'approved';
        steps.push({
          t: et,
          rank: 1,
          body: { type: 'approval_resolved', turn: ownTurn, callId, decision, arguments: args },
        });
      }
    }
    const ran = outcome !== 'denied' && f.attrs[TOOLSCOPE.toolRan] !== false;
    if (ran)
      steps.push({
        t: t0,
        rank: 2,
        body: {
          type: 'tool_started',
          turn: ownTurn,
          callId,
          name,
          arguments: cut(args),
          ...(parentCallId !== undefined && parentCallId !== callId ? { parentCallId } : {}),
        },
      });
    const result = tool ? (tool.result ?? (failed ? message : '')) : message;
    steps.push({
      t: at(f.end),
      rank: 3,
      body: {
        type: 'tool_finished',
        turn: ownTurn,
        callId,
        name,
        outcome,
        durationMs: Math.max(0, Math.round(f.end - f.start)),
        result: cut(result),
        isError: outcome !== 'ok',
      },
    });
  }
  const stopAttr = agent?.attrs[TOOLSCOPE.stopReason];
  const stopReason: StopReason =
    typeof stopAttr === 'string' && isStopReason(stopAttr)
      ? stopAttr
      : agent?.span.status?.code === 2
        ? 'error'
        : 'complete';
  const runModel = model ?? (agent ? chatFacts(agent.attrs).model : undefined) ?? '';
  steps.sort((a, b) => a.t - b.t || a.rank - b.rank);
  const bodies: Step[] = [
    { t: 0, rank: -1, body: { type: 'run_started', sessionId, model: runModel, startedAt: Math.round(startedAt) } },
    ...steps,
    { t: at(finishedAt), rank: 9, body: { type: 'run_finished', stopReason, usage } },
  ];
  const events = bodies.map((s, seq) => ({ ...s.body, runId, seq, t: s.t, sessionId }) as EventRecord);
  const run: RunRecord = {
    id: runId,
    sessionId,
    startedAt: Math.round(startedAt),
    finishedAt: Math.round(finishedAt),
    stopReason,
    usage,
  };
  return {
    run,
    events,
    ...(user ? { user } : {}),
    ...(answer ? { answer } : {}),
    ...(runModel ? { model: runModel } : {}),
    toolCount,
  };
}
