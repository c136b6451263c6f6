import type { AgentEventBody } from '../../domain/run-events';
import type { EventRecord, MessageRecord, RunRecord, ToolCallRecord } from '../../db/records';
import { ROOT_BRANCH } from '../../domain/branches';
import { zeroUsage, type AssistantMessage, type ChatMessage } from '../../domain/messages';
import type { StopReason } from '../../domain/stop-reason';

/**
 * Runs for another app's conversation (architecture.md, "Import and export of other formats"), so its timeline is
 * not empty. No run of ours wrote these messages; the runs are read off them the way the loop would have written
 * them: a person's message starts a run (so does a branch that begins with a reply: a regeneration); each reply is a
 * turn (a model request ending at the reply), each call of a reply a tool span ending at its result.
 *
 * Times come from the source where every message of a run has one; a run with any message the file gave no time is
 * laid out by order alone, one step a second, and marked `timing: 'order'` so the timeline says its bars show
 * order, not duration.
 */
export const ORDER_STEP_MS = 1000;

type DerivedRuns = { messages: MessageRecord[]; runs: RunRecord[]; events: EventRecord[]; toolCalls: ToolCallRecord[] };

type Options = {
  sessionId: string;
  model: string;
  newId: () => string;
  /** Messages whose `createdAt` the file gave (the rest were placed after the last known time). */
  timed: ReadonlySet<string>;
};

/** Splits each branch's own messages into runs; system messages belong to none and end the run before them. */
function groupRuns(records: readonly MessageRecord[]): MessageRecord[][] {
  const groups: MessageRecord[][] = [];
  const open = new Map<string, MessageRecord[]>();
  for (const m of [...records].sort((a, b) => a.order - b.order)) {
    const branch = m.branchId ?? ROOT_BRANCH;
    if (m.role === 'system') {
      open.delete(branch);
      continue;
    }
    let group = open.get(branch);
    if (!group || m.role === 'user') {
      group = [];
      groups.push(group);
      open.set(branch, group);
    }
    group.push(m);
  }
  // A person's message with no reply on its own branch (the replies are branches of it) made no request: no run.
  return groups.filter((g) => g.some((m) => m.role === 'assistant'));
}

function stopReasonOf(group: readonly MessageRecord[]): StopReason {
  const last = [...group].reverse().find((m): m is MessageRecord & AssistantMessage => m.role === 'assistant');
  if (last?.status === 'cancelled') return 'cancelled';
  if (last?.status === 'error') return 'error';
  return 'complete';
}

export function deriveRuns(records: readonly MessageRecord[], opts: Options): DerivedRuns {
  const messages = new Map(records.map((m) => [m.id, m]));
  const runs: RunRecord[] = [];
  const events: EventRecord[] = [];
  const toolCalls: ToolCallRecord[] = [];
  // Runs laid out by order still follow one another on the session's axis.
  let lastEnd = 0;

  for (const group of groupRuns(records)) {
    const runId = opts.newId();
    const timed = group.every((m) => opts.timed.has(m.id));
    const first = group[0]!;
    const startedAt = timed ? first.createdAt : Math.max(first.createdAt, lastEnd + ORDER_STEP_MS);
    let step = 0;
    // Offsets from the run's start: the source's times, or one step a second.
    const at = (m: ChatMessage): number => (timed ? Math.max(0, m.createdAt - startedAt) : ++step * ORDER_STEP_MS);
    let seq = 0;
    const emit = (t: number, body: AgentEventBody) =>
      events.push({ ...body, runId, seq: seq++, t, sessionId: opts.sessionId } as EventRecord);
    let turn = 0;
    let ready = 0;
    let end = 0;
    // The reply whose calls are open, and when each call was made.
    let caller: { id: string; turn: number; t: number } | null = null;

    emit(0, { type: 'run_started', sessionId: opts.sessionId, model: opts.model, startedAt });
    for (const m of group) {
      switch (m.role) {
        case 'user': {
          const t = timed ? at(m) : 0;
          emit(t, { type: 'message_appended', message: stripRecord(m) });
          ready = t;
          break;
        }
        case 'assistant': {
          turn += 1;
          const startT = timed ? ready : at(m);
          const endT = timed ? Math.max(startT, at(m)) : startT;
          const message: ChatMessage = { ...stripRecord(m), runId, turn } as ChatMessage;
          emit(startT, { type: 'request_started', turn, attempt: 1, messageId: m.id });
          emit(endT, {
            type: 'request_finished',
            turn,
            attempt: 1,
            finishReason: m.toolCalls.length > 0 ? 'tool_calls' : 'stop',
            usage: zeroUsage(),
          });
          emit(endT, { type: 'message_appended', message });
          messages.set(m.id, { ...m, runId, turn });
          caller = { id: m.id, turn, t: endT };
          // With times, a call starts when its reply ends; by order alone, at its own step (no duration is made up).
          if (timed)
            for (const c of m.toolCalls)
              emit(endT, { type: 'tool_started', turn, callId: c.id, name: c.name, arguments: c.arguments });
          ready = endT;
          end = Math.max(end, endT);
          break;
        }
        case 'tool': {
          const call = caller;
          const made = call?.t ?? ready;
          const t = timed ? Math.max(made, at(m)) : at(m);
          const callTurn = call?.turn ?? Math.max(turn, 1);
          const durationMs = timed ? t - made : 0;
          const caller2 = call ? messages.get(call.id) : undefined;
          const args =
            caller2?.role === 'assistant'
              ? (caller2.toolCalls.find((c) => c.id === m.toolCallId)?.arguments ?? '')
              : '';
          if (!timed)
            emit(t, { type: 'tool_started', turn: callTurn, callId: m.toolCallId, name: m.name, arguments: args });
          emit(t, {
            type: 'tool_finished',
            turn: callTurn,
            callId: m.toolCallId,
            name: m.name,
            outcome: m.outcome,
            durationMs,
            result: m.content,
            isError: m.isError,
          });
          emit(t, { type: 'message_appended', message: { ...stripRecord(m), runId, turn: callTurn } as ChatMessage });
          messages.set(m.id, { ...m, runId, turn: callTurn });
          toolCalls.push({
            id: m.toolCallId,
            sessionId: opts.sessionId,
            runId,
            turn: callTurn,
            messageId: call?.id ?? '',
            name: m.name,
            arguments: args,
            validation: null,
            validationErrors: [],
            result: m.content,
            isError: m.isError,
            status: m.outcome,
            startedAt: timed ? startedAt + made : null,
            finishedAt: timed ? startedAt + t : null,
            durationMs: timed ? durationMs : null,
            logs: [],
          });
          ready = t;
          end = Math.max(end, t);
          break;
        }
        case 'system':
          break;
      }
    }
    const stopReason = stopReasonOf(group);
    const finishT = timed ? end : end + ORDER_STEP_MS;
    emit(finishT, { type: 'run_finished', stopReason, usage: zeroUsage() });
    runs.push({
      id: runId,
      sessionId: opts.sessionId,
      startedAt,
      finishedAt: startedAt + finishT,
      stopReason,
      usage: zeroUsage(),
      ...(timed ? {} : { timing: 'order' as const }),
    });
    lastEnd = startedAt + finishT;
  }
  // A call the messages name with no result row (it cannot be, after the builder) is left to the history check.
  return {
    messages: records.map((m) => messages.get(m.id) ?? m),
    runs,
    events,
    toolCalls: toolCalls.filter((c) => c.messageId !== ''),
  };
}

/** The message as the loop appends it: without the record's session, order and branch. */
function stripRecord(m: MessageRecord): ChatMessage {
  const { sessionId: _s, order: _o, branchId: _b, ...message } = m;
  return message as ChatMessage;
}
