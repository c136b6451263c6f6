import type { MessageRecord, ToolCallRecord } from '../../db/records';
import { toolSetHash, type OfferedTool, type ToolSetRecord } from '../../domain/offered-tools';
import type { PromptLayer } from '../../domain/prompt-layer';
import { spanRole, toolFacts, type Attrs } from './otlp-span-kinds';
import { attributesOf, type OtlpSpan } from './otlp-types';
import type { SpanLogEvent } from './otlp-logs';
import { traceConversation, type PathMessage } from './trace-conversation';
import { tracedRequest, type TracedRequest } from './traced-request';

/** A span with its attributes read and its times in ms; `logs`: the GenAI events log records carried for it. */
export type SpanView = { span: OtlpSpan; attrs: Attrs; start: number; end: number; logs?: readonly SpanLogEvent[] };

/** What a model span's `request_started` names: its reply, the system prompt it sent, the tools it offered. */
type TracedStep = { messageId: string; systemLayers?: PromptLayer[]; toolSet?: string; turn: number };

export type TraceMessages = {
  messages: MessageRecord[];
  toolCalls: ToolCallRecord[];
  toolSets: ToolSetRecord[];
  /** By model span id. */
  steps: Map<string, TracedStep>;
  /** A tool span's call id, when the span did not name one: matched to a call of the reply before it by name. */
  callIds: Map<string, string>;
  path: PathMessage[];
  parameters: TracedRequest['parameters'];
};

const offered = (t: { name: string; description: string; parameters: Record<string, unknown> }): OfferedTool => ({
  name: t.name,
  description: t.description,
  parameters: t.parameters,
  source: { kind: 'custom' },
});

/**
 * A run's messages rebuilt from what its model spans recorded (architecture.md, "Trace inbox"), or null when none
 * recorded its messages (the run is then shown from its spans alone, and its steps cannot be re-run). `before`: the
 * path earlier runs of the session built, which this run's requests continue.
 */
export function traceMessages(
  spans: readonly SpanView[],
  ids: { sessionId: string; runId: string; order: number; newId: () => string },
  before: readonly PathMessage[],
): TraceMessages | null {
  const chats = spans.filter((f) => spanRole(f.span.name, f.attrs) === 'chat');
  const requests = chats.map((f) =>
    tracedRequest(
      f.attrs,
      (f.span.events ?? []).map((e) => attributesOf(e.attributes)),
      f.logs,
    ),
  );
  if (requests.every((r) => r === null)) return null;
  const tools = spans.filter((f) => spanRole(f.span.name, f.attrs) === 'tool');
  const results = new Map<string, { name: string; text: string }>();
  for (const f of tools) {
    const t = toolFacts(f.attrs);
    if (t.callId) results.set(t.callId, { name: t.name ?? '', text: t.result ?? f.span.status?.message ?? '' });
  }
  const conv = traceConversation(requests, results, before);
  const { sessionId, runId } = ids;
  const added = conv.path.slice(before.length);
  const idOf = new Map<number, string>(added.map((m) => [m.key, ids.newId()]));
  // Each message's turn: a reply's is its request's; a tool result's is its call's; a user message's the next turn's.
  const turnOfReply = new Map<number, number>();
  conv.steps.forEach((s, k) => {
    if (s) turnOfReply.set(s.reply, k + 1);
  });
  const at = (k: number, end: boolean) => {
    const f = chats[k];
    return Math.round(f ? (end ? f.end : f.start) : (spans[0]?.start ?? 0));
  };
  const messages: MessageRecord[] = [];
  const toolCalls: ToolCallRecord[] = [];
  const callTurn = new Map<string, { turn: number; messageId: string }>();
  const toolSpanOf = new Map<string, SpanView>();
  for (const f of tools) {
    const id = toolFacts(f.attrs).callId;
    if (id) toolSpanOf.set(id, f);
  }
  added.forEach((m, i) => {
    const index = before.length + i;
    const id = idOf.get(m.key)!;
    const order = ids.order + i;
    const reply = turnOfReply.get(index);
    const createdAt = m.added < 0 ? at(chats.length - 1, true) : at(m.added, reply !== undefined);
    const turn = reply ?? Math.min(chats.length, Math.max(1, m.added + 1));
    if (m.role === 'user') messages.push({ id, role: 'user', content: m.text, createdAt, sessionId, order });
    else if (m.role === 'system') messages.push({ id, role: 'system', content: m.text, createdAt, sessionId, order });
    else if (m.role === 'assistant') {
      messages.push({
        id,
        role: 'assistant',
        content: m.text,
        reasoning: '',
        refusal: null,
        toolCalls: m.toolCalls.map((c) => ({ ...c })),
        status: 'complete',
        runId,
        turn,
        createdAt,
        sessionId,
        order,
      });
      for (const c of m.toolCalls) callTurn.set(c.id, { turn, messageId: id });
    } else {
      const call = callTurn.get(m.callId);
      const span = toolSpanOf.get(m.callId);
      const failed = span?.span.status?.code === 2;
      messages.push({
        id,
        role: 'tool',
        toolCallId: m.callId,
        name: m.name,
        content: m.text,
        isError: failed,
        outcome: failed ? 'error' : 'ok',
        runId,
        turn: call?.turn ?? turn,
        createdAt,
        sessionId,
        order,
      });
      if (call) {
        toolCalls.push({
          id: m.callId,
          sessionId,
          runId,
          turn: call.turn,
          messageId: call.messageId,
          name: m.name,
          arguments: argsOf(added, m.callId),
          validation: null,
          validationErrors: [],
          result: m.text,
          isError: failed,
          status: failed ? 'error' : 'ok',
          startedAt: span ? Math.round(span.start) : null,
          finishedAt: span ? Math.round(span.end) : null,
          durationMs: span ? Math.max(0, Math.round(span.end - span.start)) : null,
          logs: [],
        });
      }
    }
  });
  const steps = new Map<string, TracedStep>();
  const toolSets = new Map<string, ToolSetRecord>();
  conv.steps.forEach((s, k) => {
    const chat = chats[k];
    // A request from log records names no reply: its tools were not recorded, so it cannot be sent again as it was.
    if (!s || !chat || requests[k]?.convention === 'gen-ai-events') return;
    const messageId = idOf.get(conv.path[s.reply]!.key);
    if (!messageId) return;
    let toolSet: string | undefined;
    if (s.tools) {
      const list = s.tools.map(offered);
      toolSet = toolSetHash(list);
      toolSets.set(toolSet, { sessionId, hash: toolSet, tools: list });
    }
    steps.set(chat.span.spanId, {
      messageId,
      turn: k + 1,
      ...(s.system !== undefined ? { systemLayers: [{ id: 'base', title: 'System prompt', text: s.system }] } : {}),
      ...(toolSet ? { toolSet } : {}),
    });
  });
  // Tool spans without a call id: the first call of that name, in the latest reply before the span, not yet matched.
  const callIds = new Map<string, string>();
  const matched = new Set(toolSpanOf.keys());
  for (const f of tools) {
    if (toolFacts(f.attrs).callId) continue;
    const name = toolFacts(f.attrs).name ?? f.span.name;
    const k = chats.reduce((last, c, i) => (c.end <= f.start + 1 ? i : last), -1);
    const s = conv.steps[k];
    const reply = s ? conv.path[s.reply] : undefined;
    const call =
      reply?.role === 'assistant' ? reply.toolCalls.find((c) => c.name === name && !matched.has(c.id)) : undefined;
    if (call) {
      matched.add(call.id);
      callIds.set(f.span.spanId, call.id);
    }
  }
  const parameters = conv.steps.find((s) => s && Object.keys(s.parameters).length > 0)?.parameters ?? {};
  return { messages, toolCalls, toolSets: [...toolSets.values()], steps, callIds, path: conv.path, parameters };
}

function argsOf(path: readonly PathMessage[], callId: string): string {
  for (const m of path)
    if (m.role === 'assistant') for (const c of m.toolCalls) if (c.id === callId) return c.arguments;
  return '';
}
