import { EventType } from '@ag-ui/core';
import { ROOT_BRANCH } from '../../domain/branches';
import type { ExportedSessionV1 } from '../session-file/format-v1';
import { aguiEventProblem } from './agui-check';
import { ForeignLimitError, ForeignShapeError, type Obj } from './foreign-errors';
import {
  createSessionBuilder,
  createTally,
  type BuilderOptions,
  type ForeignNotes,
  type SessionBuilder,
} from './session-builder';
import { type SkippedEntry } from './skipped-entry';
import { isRecord } from '../../domain/is-record';

/**
 * An AG-UI event log (architecture.md, "Import and export of other formats"): a JSON array or JSON Lines of events,
 * each checked against `@ag-ui/core`'s schemas before anything is built. Each thread becomes a session. The person's
 * messages come from RUN_STARTED's `input.messages`, as the protocol puts them (those not seen before in the
 * thread); replies from TEXT_MESSAGE_* (and _CHUNK) events, reasoning from REASONING_*, calls from TOOL_CALL_* and
 * their results from TOOL_CALL_RESULT. State, steps, activity, custom and raw events are counted and left out.
 */
const AGUI_LIMITS = { events: 500_000 };

const KNOWN = new Set<string>(Object.values(EventType));

/** A line of a JSON Lines log that is not JSON: left out by the import, named by its line number. */
class NotJsonLine {
  constructor(readonly line: number) {}
}

/** JSON Lines whose first line is an AG-UI event: parsed line by line, blank lines skipped. */
export function parseJsonLinesIfAgui(text: string): unknown[] | null {
  const first = text
    .slice(0, 4096)
    .split('\n')
    .find((l) => l.trim() !== '');
  if (!first) return null;
  let head: unknown;
  try {
    head = JSON.parse(first);
  } catch {
    return null;
  }
  if (!isRecord(head) || typeof head.type !== 'string' || !KNOWN.has(head.type)) return null;
  const out: unknown[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    if (out.length >= AGUI_LIMITS.events)
      throw new ForeignLimitError(
        `The event log holds more than ${AGUI_LIMITS.events.toLocaleString('en-US')} events; imports take at most that many.`,
      );
    try {
      out.push(JSON.parse(line));
    } catch {
      out.push(new NotJsonLine(i + 1));
    }
  }
  return out;
}

type Thread = {
  b: SessionBuilder;
  seen: Set<string>;
  /** The assistant message being streamed: its id and what arrived so far. */
  reply: {
    id: string;
    text: string;
    reasoning: string;
    calls: Map<string, { name: string; args: string }>;
    at: number | undefined;
  } | null;
  reasoning: string;
  /** Calls made and not answered yet, by id. */
  open: Map<string, string>;
  title: string;
  firstAt: number | undefined;
};

export function aguiToSessions(
  data: unknown,
  opts: BuilderOptions,
): { sessions: ExportedSessionV1[]; notes: ForeignNotes } {
  if (!Array.isArray(data))
    throw new ForeignShapeError('an AG-UI event log', { path: '$', expected: 'a list of events' });
  if (data.length > AGUI_LIMITS.events)
    throw new ForeignLimitError(
      `The event log holds ${data.length.toLocaleString('en-US')} events; imports take at most ${AGUI_LIMITS.events.toLocaleString('en-US')}.`,
    );
  // An event the protocol's schema refuses is left out, named by its place and type; the rest of the log is read.
  const skipped: SkippedEntry[] = [];
  const events = data.filter((e, i) => {
    if (e instanceof NotJsonLine)
      return void skipped.push({
        entry: `Line ${e.line}`,
        reason: { kind: 'unreadable', path: `line ${e.line}`, expected: 'one JSON event on each line' },
      });
    const problem = aguiEventProblem(e, `$[${i}]`);
    if (problem)
      skipped.push({
        entry: `Event ${i + 1}${isRecord(e) && typeof e.type === 'string' ? ` (${e.type.slice(0, 40)})` : ''}`,
        reason: { kind: 'unreadable', ...problem },
      });
    return problem === null;
  });
  const first = skipped[0]?.reason;
  if (events.length === 0 && first?.kind === 'unreadable')
    throw new ForeignShapeError('an AG-UI event log', { path: first.path, expected: first.expected });

  const tally = createTally();
  const threads = new Map<string, Thread>();
  let current: Thread | null = null;
  let runs = 0;
  const threadOf = (id: string): Thread => {
    let t = threads.get(id);
    if (!t) {
      t = {
        b: createSessionBuilder(opts),
        seen: new Set(),
        reply: null,
        reasoning: '',
        open: new Map(),
        title: '',
        firstAt: undefined,
      };
      threads.set(id, t);
    }
    return t;
  };
  // A log with no RUN_STARTED (a bare stream) is one thread.
  const here = (): Thread => (current ??= threadOf(''));
  const flush = (t: Thread) => {
    const r = t.reply;
    if (!r) return;
    t.reply = null;
    const toolCalls = [...r.calls].map(([id, c]) => ({ id, name: c.name, arguments: c.args }));
    t.b.assistant(ROOT_BRANCH, {
      content: r.text,
      reasoning: r.reasoning || t.reasoning,
      toolCalls,
      ...(r.at !== undefined ? { createdAt: r.at } : {}),
    });
    t.reasoning = '';
    for (const c of toolCalls) t.open.set(c.id, c.name);
    t.seen.add(r.id);
  };
  const settle = (t: Thread) => {
    flush(t);
    for (const [id, name] of t.open) t.b.noResult(ROOT_BRANCH, { toolCallId: id, name });
    t.open.clear();
  };
  // The reply's time is its last event's (the event timestamps are optional in the protocol).
  const replyFor = (t: Thread, id: string | undefined, ts: number | undefined) => {
    if (t.reply && (id === undefined || t.reply.id === id)) {
      t.reply.at = ts ?? t.reply.at;
      return t.reply;
    }
    flush(t);
    t.reply = { id: id ?? opts.newId(), text: '', reasoning: '', calls: new Map(), at: ts };
    return t.reply;
  };
  const inputMessage = (t: Thread, m: Obj, ts: number | undefined) => {
    const id = String(m.id);
    if (t.seen.has(id)) return;
    t.seen.add(id);
    const text =
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? m.content.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('\n')
          : '';
    if (Array.isArray(m.content) && m.content.some((p) => isRecord(p) && p.type !== 'text'))
      tally.add('image, audio, video or document part of a message');
    switch (m.role) {
      case 'user':
        settle(t);
        t.b.user(ROOT_BRANCH, text, ts);
        if (t.title === '') t.title = text;
        break;
      case 'system':
      case 'developer':
        settle(t);
        t.b.system(ROOT_BRANCH, text, ts);
        break;
      case 'assistant': {
        settle(t);
        const calls = Array.isArray(m.toolCalls)
          ? m.toolCalls.filter(isRecord).map((c) => ({
              id: String(c.id),
              name: String((c.function as Obj).name),
              arguments: String((c.function as Obj).arguments),
            }))
          : [];
        t.b.assistant(ROOT_BRANCH, { content: text, toolCalls: calls, ...(ts !== undefined ? { createdAt: ts } : {}) });
        for (const c of calls) t.open.set(c.id, c.name);
        break;
      }
      case 'tool': {
        const callId = String(m.toolCallId);
        const name = t.open.get(callId);
        if (name === undefined) {
          tally.add('tool result in a run’s input with no call before it');
          break;
        }
        t.open.delete(callId);
        t.b.tool(ROOT_BRANCH, {
          toolCallId: callId,
          name,
          content: text,
          isError: typeof m.error === 'string',
          ...(ts !== undefined ? { createdAt: ts } : {}),
        });
        break;
      }
      default:
        tally.add(`input message with role “${String(m.role)}”`);
    }
  };

  for (const raw of events as Obj[]) {
    const ts = typeof raw.timestamp === 'number' ? raw.timestamp : undefined;
    switch (raw.type) {
      case EventType.RUN_STARTED: {
        runs++;
        const t = threadOf(String(raw.threadId));
        if (current && current !== t) flush(current);
        current = t;
        flush(t);
        t.firstAt ??= ts;
        const input = isRecord(raw.input) ? raw.input : null;
        for (const m of Array.isArray(input?.messages) ? input.messages : []) if (isRecord(m)) inputMessage(t, m, ts);
        break;
      }
      case EventType.TEXT_MESSAGE_START:
      case EventType.TEXT_MESSAGE_CHUNK:
      case EventType.TEXT_MESSAGE_CONTENT: {
        const t = here();
        const id = typeof raw.messageId === 'string' ? raw.messageId : undefined;
        if (raw.role === 'user' || raw.role === 'system' || raw.role === 'developer') {
          tally.add('streamed text message from a role other than the assistant');
          break;
        }
        const r = replyFor(t, id, ts);
        if (typeof raw.delta === 'string') r.text += raw.delta;
        break;
      }
      case EventType.TEXT_MESSAGE_END:
        if (current?.reply && ts !== undefined) current.reply.at = ts;
        break;
      case EventType.REASONING_MESSAGE_CONTENT:
      case EventType.REASONING_MESSAGE_CHUNK: {
        const t = here();
        // Reasoning comes before the reply it belongs to; one already streaming keeps it.
        if (typeof raw.delta === 'string') t.reasoning += raw.delta;
        break;
      }
      case EventType.REASONING_START:
      case EventType.REASONING_MESSAGE_START:
      case EventType.REASONING_MESSAGE_END:
      case EventType.REASONING_END:
        break;
      case EventType.TOOL_CALL_START:
      case EventType.TOOL_CALL_CHUNK: {
        const t = here();
        const id = typeof raw.toolCallId === 'string' ? raw.toolCallId : undefined;
        const parent = typeof raw.parentMessageId === 'string' ? raw.parentMessageId : undefined;
        const r =
          t.reply && (parent === undefined || parent === t.reply.id || (id !== undefined && t.reply.calls.has(id)))
            ? t.reply
            : replyFor(t, parent, ts);
        if (ts !== undefined) r.at = ts;
        const key = id ?? [...r.calls.keys()].pop() ?? opts.newId();
        const call = r.calls.get(key) ?? { name: '', args: '' };
        if (typeof raw.toolCallName === 'string') call.name = raw.toolCallName;
        if (typeof raw.delta === 'string') call.args += raw.delta;
        r.calls.set(key, call);
        break;
      }
      case EventType.TOOL_CALL_ARGS: {
        const t = here();
        const call = t.reply?.calls.get(String(raw.toolCallId));
        if (call && typeof raw.delta === 'string') call.args += raw.delta;
        else tally.add('tool call arguments for a call not started');
        if (call && t.reply && ts !== undefined) t.reply.at = ts;
        break;
      }
      case EventType.TOOL_CALL_END:
        if (current?.reply && ts !== undefined) current.reply.at = ts;
        break;
      case EventType.TOOL_CALL_RESULT: {
        const t = here();
        flush(t);
        const callId = String(raw.toolCallId);
        const name = t.open.get(callId);
        if (name === undefined) {
          tally.add('tool result with no call before it');
          break;
        }
        t.open.delete(callId);
        const content =
          typeof raw.content === 'string'
            ? raw.content
            : Array.isArray(raw.content)
              ? raw.content.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : '')).join('\n')
              : '';
        t.b.tool(ROOT_BRANCH, { toolCallId: callId, name, content, ...(ts !== undefined ? { createdAt: ts } : {}) });
        t.seen.add(String(raw.messageId));
        break;
      }
      case EventType.RUN_FINISHED:
      case EventType.RUN_ERROR:
        if (raw.type === EventType.RUN_ERROR) tally.add('run that ended in an error (its message is not kept)');
        if (current) settle(current);
        break;
      default:
        tally.add(`${String(raw.type)} event`);
    }
  }
  const sessions: ExportedSessionV1[] = [];
  for (const t of threads.values()) {
    settle(t);
    if (t.b.messageCount === 0) continue;
    sessions.push(
      t.b.finish({
        title: t.title.split('\n')[0]?.slice(0, 80) ?? '',
        model: '',
        ...(t.firstAt !== undefined ? { createdAt: t.firstAt } : {}),
      }),
    );
  }
  const messages = sessions.reduce((n, s) => n + s.messages.length, 0);
  const calls = sessions.reduce((n, s) => n + s.session.toolCallCount, 0);
  const found = [
    `${events.length} event${events.length === 1 ? '' : 's'} in ${runs} run${runs === 1 ? '' : 's'}, valid by the AG-UI schemas`,
    `${sessions.length} thread${sessions.length === 1 ? '' : 's'} with ${messages} message${messages === 1 ? '' : 's'}`,
  ];
  if (calls > 0) found.push(`${calls} tool call${calls === 1 ? '' : 's'} with their results`);
  const leftOut = tally.lines();
  leftOut.push(
    'State, steps and token usage are not kept; the timeline draws runs read off the messages, timed by the events’ timestamps where every step has one.',
  );
  return { sessions, notes: { format: 'AG-UI event log', found, leftOut, skipped } };
}
