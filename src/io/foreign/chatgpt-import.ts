import { ROOT_BRANCH } from '../../domain/branches';
import { createSessionBuilder, createTally, type BuilderOptions, type ForeignNotes } from './session-builder';
import { entryLabel, type SkippedEntry } from './skipped-entry';
import { ForeignLimitError, ForeignLoopError, shapeReader, skippableShapeError, type Obj } from './foreign-errors';
import type { ExportedSessionV1 } from '../session-file/format-v1';
import { isRecord } from '../../domain/is-record';

/**
 * ChatGPT's data export (architecture.md, "Import and export of other formats"): a list of conversations, each a
 * `mapping` of nodes (message or null, parent, children) and a `current_node`. The path from the root to
 * `current_node` is what ChatGPT shows, so it is the session's root branch; every other path becomes a branch
 * forking where it leaves. Hidden nodes (system messages, the profile/custom-instructions context, memory context)
 * are not messages. An assistant message addressed to a tool (`recipient` other than "all") is a tool call named by
 * its recipient; the tool's answer (author role "tool") is its result.
 */
const FORMAT = 'a ChatGPT data export';
const shape = shapeReader(FORMAT);

/** Caps: more than any real export holds, little enough that a hostile file cannot exhaust memory. */
const CHATGPT_LIMITS = { conversations: 20_000, nodes: 1_000_000 };

/** Content types that are context for the model, never shown in ChatGPT's conversation view. */
const HIDDEN_CONTENT = new Set(['user_editable_context', 'model_editable_context', 'app_pairing_content']);

type Node = { id: string; parent: string | null; children: string[]; message: Obj | null; path: string };

type Kind =
  | { kind: 'hidden'; why: string | null }
  | { kind: 'reasoning'; text: string }
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'call'; name: string; args: string; text: string }
  | { kind: 'tool'; name: string; text: string; isError: boolean };

const textParts = (parts: unknown[], tally: ReturnType<typeof createTally>): string =>
  parts
    .map((p) => {
      if (typeof p === 'string') return p;
      if (isRecord(p) && typeof p.text === 'string') return p.text;
      if (isRecord(p) && typeof p.content_type === 'string') {
        tally.add(
          `${p.content_type === 'image_asset_pointer' ? 'image' : String(p.content_type)} (not imported; a note marks where it was)`,
        );
        return `[${p.content_type === 'image_asset_pointer' ? 'image' : String(p.content_type)} not imported]`;
      }
      return '';
    })
    .join('\n');

function contentText(content: Obj, path: string, tally: ReturnType<typeof createTally>): string | null {
  const type = content.content_type;
  switch (type) {
    case 'text':
    case 'multimodal_text':
      return textParts(shape.arr(content.parts ?? [], `${path}.parts`), tally);
    case 'code':
    case 'execution_output':
    case 'system_error':
      return shape.optStr(content.text, `${path}.text`) ?? '';
    case 'tether_browsing_display':
      return [shape.optStr(content.summary, `${path}.summary`), shape.optStr(content.result, `${path}.result`)]
        .filter((s) => s)
        .join('\n');
    case 'tether_quote':
      return [
        shape.optStr(content.title, `${path}.title`),
        shape.optStr(content.url, `${path}.url`),
        shape.optStr(content.text, `${path}.text`),
      ]
        .filter((s) => s)
        .join('\n');
    default:
      return null;
  }
}

function thoughtsText(content: Obj, path: string): string {
  return shape
    .arr(content.thoughts ?? [], `${path}.thoughts`)
    .map((t, i) => {
      const o = shape.obj(t, `${path}.thoughts[${i}]`);
      return [
        shape.optStr(o.summary, `${path}.thoughts[${i}].summary`),
        shape.optStr(o.content, `${path}.thoughts[${i}].content`),
      ]
        .filter((s) => s)
        .join('\n');
    })
    .join('\n\n');
}

function classify(node: Node, tally: ReturnType<typeof createTally>): Kind {
  const m = node.message;
  if (m === null) return { kind: 'hidden', why: null };
  const p = `${node.path}.message`;
  const author = shape.obj(m.author, `${p}.author`);
  const role = shape.str(author.role, `${p}.author.role`);
  const content = shape.obj(m.content, `${p}.content`);
  const type = shape.str(content.content_type, `${p}.content.content_type`);
  const meta = isRecord(m.metadata) ? m.metadata : {};
  if (HIDDEN_CONTENT.has(type))
    return { kind: 'hidden', why: 'profile, custom-instruction or memory context (hidden in ChatGPT)' };
  if (role === 'system') return { kind: 'hidden', why: 'system message (hidden in ChatGPT)' };
  if (meta.is_visually_hidden_from_conversation === true)
    return { kind: 'hidden', why: 'message hidden from the conversation in ChatGPT' };
  if (type === 'thoughts') return { kind: 'reasoning', text: thoughtsText(content, `${p}.content`) };
  if (type === 'reasoning_recap') return { kind: 'hidden', why: null };
  const text = contentText(content, `${p}.content`, tally);
  const recipient = shape.optStr(m.recipient, `${p}.recipient`) ?? 'all';
  if (role === 'tool') {
    const name = shape.optStr(author.name, `${p}.author.name`) ?? 'tool';
    if (text === null) tally.add(`tool result of content type “${type}” (kept as a note)`);
    return { kind: 'tool', name, text: text ?? `[${type} not imported]`, isError: type === 'system_error' };
  }
  if (text === null) {
    tally.add(`${role} message of content type “${type}”`);
    return { kind: 'hidden', why: null };
  }
  if (role === 'assistant' && recipient !== 'all') {
    let args: string;
    try {
      JSON.parse(text);
      args = text;
    } catch {
      args = JSON.stringify(type === 'code' ? { code: text } : { input: text });
    }
    return { kind: 'call', name: recipient, args, text: '' };
  }
  if (role === 'user') return { kind: 'user', text };
  if (role === 'assistant') return { kind: 'assistant', text };
  tally.add(`message with author role “${role}”`);
  return { kind: 'hidden', why: null };
}

function readNodes(conv: Obj, path: string, budget: { nodes: number }): Map<string, Node> {
  const mapping = shape.obj(conv.mapping, `${path}.mapping`);
  const nodes = new Map<string, Node>();
  for (const key of Object.keys(mapping)) {
    if (++budget.nodes > CHATGPT_LIMITS.nodes)
      throw new ForeignLimitError(
        `The export holds more than ${CHATGPT_LIMITS.nodes.toLocaleString('en-US')} messages; imports take at most that many.`,
      );
    const np = `${path}.mapping[${JSON.stringify(key)}]`;
    const raw = shape.obj(mapping[key], np);
    const parent = shape.optStr(raw.parent, `${np}.parent`) ?? null;
    const children = shape
      .arr(raw.children ?? [], `${np}.children`)
      .map((c, i) => shape.str(c, `${np}.children[${i}]`));
    const message = raw.message === null || raw.message === undefined ? null : shape.obj(raw.message, `${np}.message`);
    nodes.set(key, { id: key, parent: parent !== null && parent !== key ? parent : null, children, message, path: np });
  }
  return nodes;
}

type Frame = {
  id: string;
  branch: string;
  last: string | null;
  call: { toolCallId: string; name: string } | null;
  reasoning: string;
};

function conversationToSession(
  conv: Obj,
  path: string,
  opts: BuilderOptions,
  budget: { nodes: number },
  tally: ReturnType<typeof createTally>,
): { entry: ExportedSessionV1; branches: number } {
  const nodes = readNodes(conv, path, budget);
  const title = shape.optStr(conv.title, `${path}.title`) ?? '';
  const createdAt = shape.optNum(conv.create_time, `${path}.create_time`);
  const updatedAt = shape.optNum(conv.update_time, `${path}.update_time`);
  const current = shape.optStr(conv.current_node, `${path}.current_node`);

  // Children by the parent links (one parent each, so it is a forest), in the order the parent lists them.
  const kids = new Map<string, string[]>();
  const roots: string[] = [];
  for (const n of nodes.values()) {
    if (n.parent === null || !nodes.has(n.parent)) roots.push(n.id);
    else {
      const list = kids.get(n.parent) ?? [];
      list.push(n.id);
      kids.set(n.parent, list);
    }
  }
  for (const [parent, list] of kids) {
    const order = nodes.get(parent)!.children;
    list.sort((a, b) => (order.indexOf(a) >>> 0) - (order.indexOf(b) >>> 0));
  }

  // The shown path: current_node up to its root. A node seen twice is a loop in the parent links.
  const shown = new Set<string>();
  for (
    let at = current !== undefined && nodes.has(current) ? current : undefined;
    at !== undefined;
    at = nodes.get(at)?.parent ?? undefined
  ) {
    if (shown.has(at))
      shape.fail(
        `${path}.mapping[${JSON.stringify(at)}].parent`,
        'a parent that is not its own descendant (the message tree loops back on itself)',
      );
    shown.add(at);
  }

  const b = createSessionBuilder(opts);
  let model =
    shape.optStr(conv.default_model_slug, `${path}.default_model_slug`) ??
    shape.optStr(conv.model, `${path}.model`) ??
    '';
  let forks = 0;
  let visited = 0;
  const stack: Frame[] = [];
  // The shown root first; other roots (rare: an orphaned node) become branches from the start.
  const orderedRoots = [...roots.filter((r) => !shown.has(r)), ...roots.filter((r) => shown.has(r))];
  for (const r of orderedRoots) {
    const branch = shown.has(r) ? ROOT_BRANCH : b.fork(null);
    if (!shown.has(r)) forks++;
    stack.push({ id: r, branch, last: null, call: null, reasoning: '' });
  }
  const answerMissing = (f: Frame) => {
    if (f.call) f.last = b.noResult(f.branch, f.call);
    f.call = null;
  };
  while (stack.length > 0) {
    const f = stack.pop()!;
    visited++;
    const node = nodes.get(f.id)!;
    const kind = classify(node, tally);
    const at = node.message
      ? (shape.optNum(node.message.create_time, `${node.path}.message.create_time`) ?? 0) * 1000
      : undefined;
    const meta = node.message && isRecord(node.message.metadata) ? node.message.metadata : {};
    if (typeof meta.model_slug === 'string' && meta.model_slug && model === '') model = meta.model_slug;
    switch (kind.kind) {
      case 'hidden':
        if (kind.why) tally.add(kind.why);
        break;
      case 'reasoning':
        f.reasoning = f.reasoning ? `${f.reasoning}\n\n${kind.text}` : kind.text;
        break;
      case 'user':
        answerMissing(f);
        f.last = b.user(f.branch, kind.text, at);
        break;
      case 'assistant':
        answerMissing(f);
        f.last = b.assistant(f.branch, { content: kind.text, reasoning: f.reasoning, createdAt: at });
        f.reasoning = '';
        break;
      case 'call': {
        answerMissing(f);
        const call = { id: node.id, name: kind.name, arguments: kind.args };
        f.last = b.assistant(f.branch, {
          content: kind.text,
          reasoning: f.reasoning,
          toolCalls: [call],
          createdAt: at,
        });
        f.reasoning = '';
        f.call = { toolCallId: call.id, name: call.name };
        break;
      }
      case 'tool':
        if (!f.call) {
          // A tool's answer with no call before it (a plugin or a file search ChatGPT ran itself): the call is its name.
          const id = `${node.id}-call`;
          b.assistant(f.branch, { content: '', toolCalls: [{ id, name: kind.name, arguments: '{}' }], createdAt: at });
          f.call = { toolCallId: id, name: kind.name };
        }
        f.last = b.tool(f.branch, {
          toolCallId: f.call.toolCallId,
          name: f.call.name,
          content: kind.text,
          isError: kind.isError,
          createdAt: at,
        });
        f.call = null;
        break;
    }
    const children = kids.get(f.id) ?? [];
    if (children.length === 0) {
      answerMissing(f);
      continue;
    }
    // The continuation stays on this branch: the shown child, else the newest (ChatGPT lists the newest last).
    const next = children.find((c) => shown.has(c)) ?? children[children.length - 1]!;
    for (const c of children) {
      if (c === next) continue;
      const branch = b.fork(f.last);
      forks++;
      if (f.call && (nodes.get(c)?.message?.author as Obj | undefined)?.role !== 'tool') {
        // This alternative does not answer the pending call: the call is answered on the new branch itself.
        stack.push({ id: c, branch, last: b.noResult(branch, f.call), call: null, reasoning: f.reasoning });
      } else {
        stack.push({ id: c, branch, last: f.last, call: f.call, reasoning: f.reasoning });
      }
    }
    stack.push({ ...f, id: next });
  }
  if (visited < nodes.size) {
    const lost = [...nodes.keys()].find((k) => !reached(k, nodes));
    throw new ForeignLoopError(FORMAT, {
      path: `${path}.mapping${lost === undefined ? '' : `[${JSON.stringify(lost)}]`}`,
      expected: 'a node whose parents lead to a root (the message tree loops back on itself)',
    });
  }
  const entry = b.finish({
    title,
    model,
    ...(createdAt !== undefined ? { createdAt: createdAt * 1000 } : {}),
    ...(updatedAt !== undefined ? { updatedAt: updatedAt * 1000 } : {}),
  });
  return { entry, branches: forks };
}

function reached(id: string, nodes: Map<string, Node>): boolean {
  const seen = new Set<string>();
  for (let at: string | null = id; at !== null && nodes.has(at); at = nodes.get(at)!.parent) {
    if (seen.has(at)) return false;
    seen.add(at);
  }
  return true;
}

export function chatGPTToSessions(
  data: unknown,
  opts: BuilderOptions,
): { sessions: ExportedSessionV1[]; notes: ForeignNotes } {
  const list = shape.arr(data, '$');
  if (list.length > CHATGPT_LIMITS.conversations)
    throw new ForeignLimitError(
      `The export holds ${list.length.toLocaleString('en-US')} conversations; imports take at most ${CHATGPT_LIMITS.conversations.toLocaleString('en-US')}.`,
    );
  const tally = createTally();
  const budget = { nodes: 0 };
  const sessions: ExportedSessionV1[] = [];
  let branches = 0;
  const skipped: SkippedEntry[] = [];
  list.forEach((raw, i) => {
    const label = entryLabel(
      'Conversation',
      i,
      isRecord(raw) ? raw.title : undefined,
      isRecord(raw) ? (raw.conversation_id ?? raw.id) : undefined,
    );
    try {
      const { entry, branches: n } = conversationToSession(shape.obj(raw, `$[${i}]`), `$[${i}]`, opts, budget, tally);
      if (entry.messages.length === 0) return void skipped.push({ entry: label, reason: { kind: 'no_messages' } });
      branches += n;
      sessions.push(entry);
    } catch (err) {
      // One conversation that cannot be read (real exports hold some without a mapping) never costs the others.
      if (!skippableShapeError(err)) throw err;
      skipped.push({ entry: label, reason: { kind: 'unreadable', ...err.issue } });
    }
  });
  const messages = sessions.reduce((n, s) => n + s.messages.length, 0);
  const calls = sessions.reduce((n, s) => n + s.session.toolCallCount, 0);
  const found = [
    `${sessions.length} conversation${sessions.length === 1 ? '' : 's'} with ${messages} message${messages === 1 ? '' : 's'}`,
  ];
  if (branches > 0)
    found.push(`${branches} other path${branches === 1 ? '' : 's'} (edits and regenerations), kept as branches`);
  if (calls > 0)
    found.push(
      `${calls} tool call${calls === 1 ? '' : 's'} (code, browsing, image and other tools), shown as tool rows`,
    );
  const leftOut = tally.lines();
  leftOut.push(
    'Per-message model names, feedback, attachments and images are not imported; the session keeps the conversation’s model.',
  );
  return { sessions, notes: { format: 'ChatGPT data export', found, leftOut, skipped } };
}
