import { EventType, type BaseEvent, type Message } from '@ag-ui/core';
import type { RunRecord } from '../../db/records';
import type { ChatMessage } from '../../domain/messages';
import type { SessionRecord } from '../../domain/session';

/**
 * One session's active path as AG-UI events (architecture.md, "Import and export of other formats"): the session is
 * the thread; each run opens with RUN_STARTED, whose `input.messages` carry the messages the run began from that no
 * earlier run's events carried (the person's message, the system prompt on the first), and closes with RUN_FINISHED
 * (outcome success or cancelled) or RUN_ERROR before the next opens. Replies are TEXT_MESSAGE_START/CONTENT/END,
 * reasoning REASONING_START … REASONING_END, calls TOOL_CALL_START/ARGS/END and their results TOOL_CALL_RESULT.
 * Built from the conversation only: no settings, endpoint, key or secret is read, so none can be written.
 */
type AguiEvent = BaseEvent & Record<string, unknown>;

export function sessionToAgui(
  session: Pick<SessionRecord, 'id' | 'settings'>,
  path: readonly ChatMessage[],
  runs: readonly RunRecord[],
): AguiEvent[] {
  const threadId = session.id;
  const runById = new Map(runs.map((r) => [r.id, r]));
  const events: AguiEvent[] = [];
  let pending: Message[] = [];
  if (session.settings.systemPrompt)
    pending.push({ id: `${session.id}-system`, role: 'system', content: session.settings.systemPrompt });
  let open = null as { runId: string; key: string } | null;
  let synthetic = 0;

  const close = () => {
    if (!open) return;
    const run = runById.get(open.runId);
    const ts = run?.finishedAt ?? undefined;
    const stamp = ts !== undefined && ts !== null ? { timestamp: Math.round(ts) } : {};
    if (run?.stopReason === 'error') {
      events.push({
        type: EventType.RUN_ERROR,
        ...stamp,
        message: run.error?.message ?? 'The run failed.',
        ...(run.error ? { code: run.error.kind } : {}),
      });
    } else {
      events.push({
        type: EventType.RUN_FINISHED,
        ...stamp,
        threadId,
        runId: open.runId,
        outcome: run?.stopReason === 'cancelled' ? { type: 'cancelled' } : { type: 'success' },
      });
    }
    open = null;
  };
  const start = (runId: string, at: number) => {
    close();
    const id = runId || `${session.id}-run-${++synthetic}`;
    const started = runById.get(runId)?.startedAt ?? at;
    events.push({
      type: EventType.RUN_STARTED,
      timestamp: Math.round(started),
      threadId,
      runId: id,
      input: { threadId, runId: id, messages: pending },
    });
    pending = [];
    open = { runId: id, key: runId };
  };

  for (const m of path) {
    switch (m.role) {
      case 'system':
        close();
        pending.push({ id: m.id, role: 'system', content: m.content });
        break;
      case 'user':
        // A person's message opens the next run (the protocol puts it in that run's input).
        close();
        pending.push({ id: m.id, role: 'user', content: m.content });
        break;
      case 'assistant': {
        if (m.status === 'streaming') break;
        if (!open || pending.length > 0 || (m.runId !== '' && open.key !== m.runId)) start(m.runId, m.createdAt);
        const timestamp = Math.round(m.createdAt);
        if (m.reasoning) {
          const rid = `${m.id}-reasoning`;
          events.push({ type: EventType.REASONING_START, timestamp, messageId: rid });
          events.push({ type: EventType.REASONING_MESSAGE_START, timestamp, messageId: rid, role: 'reasoning' });
          events.push({ type: EventType.REASONING_MESSAGE_CONTENT, timestamp, messageId: rid, delta: m.reasoning });
          events.push({ type: EventType.REASONING_MESSAGE_END, timestamp, messageId: rid });
          events.push({ type: EventType.REASONING_END, timestamp, messageId: rid });
        }
        const text = m.content || m.refusal || '';
        if (text !== '' || m.toolCalls.length === 0) {
          events.push({ type: EventType.TEXT_MESSAGE_START, timestamp, messageId: m.id, role: 'assistant' });
          if (text !== '')
            events.push({ type: EventType.TEXT_MESSAGE_CONTENT, timestamp, messageId: m.id, delta: text });
          events.push({ type: EventType.TEXT_MESSAGE_END, timestamp, messageId: m.id });
        }
        for (const c of m.toolCalls) {
          events.push({
            type: EventType.TOOL_CALL_START,
            timestamp,
            toolCallId: c.id,
            toolCallName: c.name,
            parentMessageId: m.id,
          });
          if (c.arguments !== '')
            events.push({ type: EventType.TOOL_CALL_ARGS, timestamp, toolCallId: c.id, delta: c.arguments });
          events.push({ type: EventType.TOOL_CALL_END, timestamp, toolCallId: c.id });
        }
        break;
      }
      case 'tool':
        if (!open) start(m.runId, m.createdAt);
        events.push({
          type: EventType.TOOL_CALL_RESULT,
          timestamp: Math.round(m.createdAt),
          messageId: m.id,
          toolCallId: m.toolCallId,
          content: m.content,
        });
        break;
    }
  }
  close();
  // Messages after the last reply (a question not answered yet) still travel, in a run of their own.
  if (pending.length > 0) {
    start('', Date.now());
    close();
  }
  return events;
}

/** The two shapes an AG-UI log is saved in; the import reads both (`io/foreign/open-foreign.ts`). */
export type AguiFileShape = 'json-lines' | 'json-array';

/** JSON Lines: one event a line, the way AG-UI streams are logged. */
const toJsonLines = (events: readonly AguiEvent[]): string => events.map((e) => JSON.stringify(e)).join('\n') + '\n';

/** One JSON array of the events, one event a line inside it, for tools that read a whole JSON document. */
export const toJsonArray = (events: readonly AguiEvent[]): string =>
  events.length === 0 ? '[]\n' : `[\n${events.map((e) => JSON.stringify(e)).join(',\n')}\n]\n`;

export const aguiFileText = (events: readonly AguiEvent[], shape: AguiFileShape): string =>
  shape === 'json-lines' ? toJsonLines(events) : toJsonArray(events);
