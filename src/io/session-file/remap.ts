import type { ChatMessage } from '../../domain/messages';
import type { EventRecord, MessageRecord } from '../../db/records';
import type { ExportedSessionV1 } from './format-v1';
import type { WireExchange } from '../../domain/wire-exchange';
import { renameWireCalls } from '../../domain/wire-parts';

export type IdFactory = {
  session(): string;
  message(): string;
  run(): string;
  toolCall(): string;
  tool(): string;
  /** Raw traffic's ids; absent, random ones. */
  exchange?(): string;
};

export const randomIds: IdFactory = {
  session: () => crypto.randomUUID(),
  message: () => crypto.randomUUID(),
  run: () => crypto.randomUUID(),
  // Shaped like a provider's call id, since the model sees it again when the conversation continues.
  toolCall: () => `call_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`,
  tool: () => crypto.randomUUID(),
  exchange: () => crypto.randomUUID(),
};

/** Old id to new id, made on first sight so every reference to one old id gets the same new one. */
function lazyMap(make: () => string): (old: string) => string {
  const map = new Map<string, string>();
  return (old) => {
    let fresh = map.get(old);
    if (fresh === undefined) {
      fresh = make();
      map.set(old, fresh);
    }
    return fresh;
  };
}

/**
 * A copy of one exported session under fresh ids: session, messages, runs and tool call ids are all
 * replaced, and every reference to them (records, events, tool calls inside assistant messages, tool
 * results' call ids, the call ids inside a reply's provider content, summaries, task lanes, raw traffic) follows. A call id reused by a provider in two messages maps to one
 * new id in both, which keeps it unique per message as the database requires.
 */
export function copyWithNewIds(entry: ExportedSessionV1, ids: IdFactory = randomIds): ExportedSessionV1 {
  const sessionId = ids.session();
  const msg = lazyMap(ids.message);
  const run = lazyMap(ids.run);
  const call = lazyMap(ids.toolCall);

  const message = <M extends ChatMessage>(m: M): M => {
    switch (m.role) {
      case 'system':
        return m.summaryOf ? { ...m, id: msg(m.id), summaryOf: m.summaryOf.map(msg) } : { ...m, id: msg(m.id) };
      case 'user':
        return { ...m, id: msg(m.id) };
      case 'assistant': {
        const own = new Set(m.toolCalls.map((c) => c.id));
        return {
          ...m,
          id: msg(m.id),
          runId: run(m.runId),
          toolCalls: m.toolCalls.map((c) => ({ ...c, id: call(c.id) })),
          ...(m.wireParts
            ? { wireParts: renameWireCalls(m.wireParts, (id) => (own.has(id) ? call(id) : undefined)) }
            : {}),
        };
      }
      case 'tool':
        return { ...m, id: msg(m.id), runId: run(m.runId), toolCallId: call(m.toolCallId) };
    }
  };

  const event = (e: EventRecord): EventRecord => {
    const envelope = { runId: run(e.runId), sessionId };
    switch (e.type) {
      case 'run_started':
        return { ...e, ...envelope };
      case 'message_appended':
        return { ...e, ...envelope, message: message(e.message) };
      case 'request_started':
      case 'text_delta':
      case 'reasoning_delta':
      case 'provider_tool_updated':
        return { ...e, ...envelope, messageId: msg(e.messageId) };
      case 'tool_call_delta':
        return { ...e, ...envelope, messageId: msg(e.messageId), id: call(e.id) };
      case 'request_left_out':
        return {
          ...e,
          ...envelope,
          messageId: msg(e.messageId),
          notes: e.notes.map((n) => (n.messageId !== undefined ? { ...n, messageId: msg(n.messageId) } : n)),
        };
      case 'tool_started':
        return {
          ...e,
          ...envelope,
          callId: call(e.callId),
          ...(e.parentCallId !== undefined ? { parentCallId: call(e.parentCallId) } : {}),
        };
      case 'tool_finished':
      case 'tool_progress':
      case 'approval_requested':
      case 'approval_resolved':
        return { ...e, ...envelope, callId: call(e.callId) };
      case 'run_paused':
        return {
          ...e,
          ...envelope,
          point: e.point.at === 'request' ? e.point : { ...e.point, callId: call(e.point.callId) },
        };
      case 'run_resumed':
        return { ...e, ...envelope };
      case 'branch_started':
        return { ...e, ...envelope, forkMessageId: msg(e.forkMessageId), leftMessageIds: e.leftMessageIds.map(msg) };
      case 'context_compacted':
        return {
          ...e,
          ...envelope,
          removedMessageIds: e.removedMessageIds.map(msg),
          summaryMessageId: msg(e.summaryMessageId),
        };
      case 'first_token':
      case 'summary_started':
      case 'summary_finished':
      case 'summary_failed':
      case 'request_finished':
      case 'request_failed':
      case 'run_finished':
        return { ...e, ...envelope };
    }
  };

  // An exchange follows the turn's message and run or the tool call it belongs to; an MCP server keeps its id.
  const exchange = (w: WireExchange): WireExchange => {
    const o = w.owner;
    const owner =
      o.kind === 'model'
        ? { ...o, runId: run(o.runId), messageId: msg(o.messageId) }
        : o.kind === 'tool'
          ? { ...o, runId: run(o.runId), callId: call(o.callId) }
          : o;
    return { ...w, id: ids.exchange?.() ?? crypto.randomUUID(), sessionId, owner };
  };

  return {
    session: {
      ...entry.session,
      id: sessionId,
      ...(entry.session.branches
        ? {
            branches: entry.session.branches.map((b) => ({
              ...b,
              forkMessageId: b.forkMessageId === null ? null : msg(b.forkMessageId),
            })),
          }
        : {}),
    },
    messages: entry.messages.map((m): MessageRecord => ({ ...message(m), sessionId })),
    toolCalls: entry.toolCalls.map((c) => ({
      ...c,
      id: call(c.id),
      sessionId,
      runId: run(c.runId),
      messageId: msg(c.messageId),
    })),
    runs: entry.runs.map((r) => ({ ...r, id: run(r.id), sessionId })),
    events: entry.events.map(event),
    ...(entry.mcpTasks !== undefined
      ? { mcpTasks: entry.mcpTasks.map((t) => ({ ...t, callId: call(t.callId), sessionId })) }
      : {}),
    ...(entry.mcpViewEvents !== undefined
      ? { mcpViewEvents: entry.mcpViewEvents.map((v) => ({ ...v, sessionId, callId: call(v.callId) })) }
      : {}),
    // A set's hash is its content's: it stays as it is under the new session id.
    ...(entry.toolSets !== undefined ? { toolSets: entry.toolSets.map((t) => ({ ...t, sessionId })) } : {}),
    ...(entry.wireExchanges !== undefined ? { wireExchanges: entry.wireExchanges.map(exchange) } : {}),
  };
}
