import { ROOT_BRANCH } from '../../domain/branches';
import type { ExportedSessionV1 } from '../session-file/format-v1';
import { ForeignLimitError, shapeReader, skippableShapeError, type Obj } from './foreign-errors';
import { createSessionBuilder, createTally, type BuilderOptions, type ForeignNotes } from './session-builder';
import { entryLabel, type SkippedEntry } from './skipped-entry';
import { isRecord } from '../../domain/is-record';

/**
 * Claude's data export (architecture.md, "Import and export of other formats"): `conversations.json`, a bare list of
 * conversations (`uuid`, `name`, `created_at`, `chat_messages`), each message with a `sender` ("human" or
 * "assistant"), its `text` and, in newer exports, `content` blocks: text, thinking, tool_use and tool_result. The
 * export holds only the path Claude showed, so a session is one straight path. A tool_use block is a tool call and its
 * tool_result the call's result; the assistant text after a result is the next reply.
 */
const FORMAT = 'a Claude data export';
const shape = shapeReader(FORMAT);

const CLAUDE_LIMITS = { conversations: 20_000, messages: 1_000_000 };

const time = (v: string | undefined): number | undefined => {
  if (v === undefined) return undefined;
  const t = Date.parse(v);
  return Number.isFinite(t) ? t : undefined;
};

function resultText(v: unknown, path: string): string {
  if (typeof v === 'string') return v;
  return shape
    .arr(v ?? [], path)
    .map((part, i) => {
      const o = shape.obj(part, `${path}[${i}]`);
      return typeof o.text === 'string' ? o.text : `[${String(o.type)} not imported]`;
    })
    .join('\n');
}

export function claudeToSessions(
  data: unknown,
  opts: BuilderOptions,
): { sessions: ExportedSessionV1[]; notes: ForeignNotes } {
  const list = shape.arr(data, '$');
  if (list.length > CLAUDE_LIMITS.conversations)
    throw new ForeignLimitError(
      `The export holds ${list.length.toLocaleString('en-US')} conversations; imports take at most ${CLAUDE_LIMITS.conversations.toLocaleString('en-US')}.`,
    );
  const tally = createTally();
  const sessions: ExportedSessionV1[] = [];
  const counter = { total: 0 };
  const skipped: SkippedEntry[] = [];
  list.forEach((raw, ci) => {
    const label = entryLabel(
      'Conversation',
      ci,
      isRecord(raw) ? raw.name : undefined,
      isRecord(raw) ? raw.uuid : undefined,
    );
    try {
      const session = conversationToSession(raw, `$[${ci}]`, opts, counter, tally);
      if (session === null) skipped.push({ entry: label, reason: { kind: 'no_messages' } });
      else sessions.push(session);
    } catch (err) {
      // One conversation that cannot be read never costs the others.
      if (!skippableShapeError(err)) throw err;
      skipped.push({ entry: label, reason: { kind: 'unreadable', ...err.issue } });
    }
  });
  const messages = sessions.reduce((n, s) => n + s.messages.length, 0);
  const calls = sessions.reduce((n, s) => n + s.session.toolCallCount, 0);
  const found = [
    `${sessions.length} conversation${sessions.length === 1 ? '' : 's'} with ${messages} message${messages === 1 ? '' : 's'}`,
  ];
  if (calls > 0) found.push(`${calls} tool call${calls === 1 ? '' : 's'}, shown as tool rows`);
  const leftOut = tally.lines();
  leftOut.push(
    'The export holds only the path Claude showed, so there are no branches; projects, the account and attachment contents are not imported.',
  );
  return { sessions, notes: { format: 'Claude data export', found, leftOut, skipped } };
}

/** One conversation as a session; null when it holds no message. Throws ForeignShapeError where it cannot be read. */
function conversationToSession(
  raw: unknown,
  cp: string,
  opts: BuilderOptions,
  counter: { total: number },
  tally: ReturnType<typeof createTally>,
): ExportedSessionV1 | null {
  const conv = shape.obj(raw, cp);
  const messages = shape.arr(conv.chat_messages, `${cp}.chat_messages`);
  counter.total += messages.length;
  if (counter.total > CLAUDE_LIMITS.messages)
    throw new ForeignLimitError(
      `The export holds more than ${CLAUDE_LIMITS.messages.toLocaleString('en-US')} messages; imports take at most that many.`,
    );
  const b = createSessionBuilder(opts);
  const branch = ROOT_BRANCH;
  // Calls of the assistant message being built, waiting for their results.
  let open: { id: string; name: string }[] = [];
  const closeOpen = () => {
    for (const c of open) b.noResult(branch, { toolCallId: c.id, name: c.name });
    open = [];
  };
  messages.forEach((rawMsg, mi) => {
    const mp = `${cp}.chat_messages[${mi}]`;
    const m = shape.obj(rawMsg, mp);
    const sender = shape.str(m.sender, `${mp}.sender`);
    const at = time(shape.optStr(m.created_at, `${mp}.created_at`));
    const attachments = [
      ...shape.arr(m.attachments ?? [], `${mp}.attachments`),
      ...shape.arr(m.files ?? [], `${mp}.files`),
    ];
    if (attachments.length > 0)
      tally.add('attachment or file (only its name is noted in the message)', attachments.length);
    const names = attachments
      .map((a, i) => shape.optStr((a as Obj).file_name, `${mp}.attachments[${i}].file_name`))
      .filter((n) => n);
    const blocks = m.content === undefined || m.content === null ? null : shape.arr(m.content, `${mp}.content`);
    const text = shape.optStr(m.text, `${mp}.text`) ?? '';
    if (sender === 'human') {
      closeOpen();
      const body =
        blocks === null
          ? text
          : blocks
              .map((bl, i) =>
                shape.obj(bl, `${mp}.content[${i}]`).type === 'text'
                  ? (shape.optStr((bl as Obj).text, `${mp}.content[${i}].text`) ?? '')
                  : '',
              )
              .join('\n') || text;
      const withNames = names.length > 0 ? `${body}\n\n[attached: ${names.join(', ')}]` : body;
      if (withNames.trim() !== '') b.user(branch, withNames, at);
      return;
    }
    if (sender !== 'assistant') shape.fail(`${mp}.sender`, '"human" or "assistant"');
    closeOpen();
    if (blocks === null || blocks.length === 0) {
      if (text.trim() !== '') b.assistant(branch, { content: text, createdAt: at });
      return;
    }
    // One Claude message may hold several model turns: text, calls, their results, more text.
    let content = '';
    let reasoning = '';
    let calls: { id: string; name: string; arguments: string }[] = [];
    const flush = () => {
      if (content === '' && reasoning === '' && calls.length === 0) return;
      b.assistant(branch, { content, reasoning, toolCalls: calls, createdAt: at });
      open = calls.map((c) => ({ id: c.id, name: c.name }));
      content = '';
      reasoning = '';
      calls = [];
    };
    blocks.forEach((rawBlock, bi) => {
      const bp = `${mp}.content[${bi}]`;
      const bl = shape.obj(rawBlock, bp);
      const type = shape.str(bl.type, `${bp}.type`);
      switch (type) {
        case 'text':
          if (open.length > 0) closeOpen();
          content += (content ? '\n\n' : '') + shape.str(bl.text, `${bp}.text`);
          break;
        case 'thinking':
          reasoning += (reasoning ? '\n\n' : '') + (shape.optStr(bl.thinking, `${bp}.thinking`) ?? '');
          break;
        case 'tool_use': {
          if (open.length > 0) closeOpen();
          const id = shape.optStr(bl.id, `${bp}.id`) ?? `${mp}-call-${bi}`;
          const input = bl.input === undefined ? {} : bl.input;
          calls.push({ id, name: shape.str(bl.name, `${bp}.name`), arguments: JSON.stringify(input) });
          break;
        }
        case 'tool_result': {
          flush();
          const ref = shape.optStr(bl.tool_use_id, `${bp}.tool_use_id`);
          const name = shape.optStr(bl.name, `${bp}.name`);
          const at2 = open.findIndex((c) => (ref !== undefined ? c.id === ref : c.name === name));
          const call = at2 >= 0 ? open.splice(at2, 1)[0]! : null;
          const body = resultText(bl.content, `${bp}.content`);
          if (call)
            b.tool(branch, { toolCallId: call.id, name: call.name, content: body, isError: bl.is_error === true });
          else tally.add('tool result with no matching call');
          break;
        }
        default:
          tally.add(`content block of type “${type}”`);
      }
    });
    flush();
  });
  closeOpen();
  if (b.messageCount === 0) return null;
  return b.finish({
    title: shape.optStr(conv.name, `${cp}.name`) ?? '',
    model: shape.optStr(conv.model, `${cp}.model`) ?? '',
    ...optionalTime('createdAt', time(shape.optStr(conv.created_at, `${cp}.created_at`))),
    ...optionalTime('updatedAt', time(shape.optStr(conv.updated_at, `${cp}.updated_at`))),
  });
}

const optionalTime = <K extends string>(key: K, t: number | undefined): Partial<Record<K, number>> =>
  t === undefined ? {} : ({ [key]: t } as Record<K, number>);
