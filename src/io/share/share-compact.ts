import { ROOT_BRANCH } from '../../domain/branches';
import {
  ASSISTANT_STATUSES,
  TOOL_OUTCOMES,
  type AssistantStatus,
  type ChatMessage,
  type ToolOutcome,
} from '../../domain/messages';
import { createSessionBuilder } from '../foreign/session-builder';
import type { ExportedSessionV1 } from '../session-file/format-v1';
import {
  compactExtras,
  expandExtras,
  extrasFit,
  RESULT_LEFT_OUT,
  type CompactExtras,
  type ExpandedExtras,
  type ExtrasChoice,
} from './share-extras';

export { RESULT_LEFT_OUT };

/**
 * Share format 3 (architecture.md, "Share links"): only what the shared view shows, positional, so a short
 * conversation travels inside the link. Per message its text, time to the second and branch; per call its tool name
 * and arguments; per result its text, or 0 where results are left out (shorter than any result); the title and the
 * model; and, apart (`x`), the images, refusals, citations, provider-run tools, edit marks and provider content
 * (signed thinking) of the messages that have any (share-extras.ts). Format 2 is format 3 without `x`, and is read the same way. Ids, run events, timings
 * below a second, usage and the envelope of a session file are not carried: opening rebuilds a session from the
 * messages as an import of another app's conversation does (io/foreign/session-builder.ts), and the import checks
 * then hold it like any file.
 */
type CompactMessage =
  | ['u', string, number, number]
  /** a system message; a compaction summary lists the messages it stands for (the view folds them under it) */
  | ['s', string, number, number, number[]?]
  /** text, seconds since the start, branch, calls [tool, arguments], reasoning, status when not complete */
  | ['a', string, number, number, [string, string][], string?, AssistantStatus?]
  /** result (0: left out), seconds, branch, the call's assistant message and call index, 1 when an error, outcome when unusual */
  | ['t', string | 0, number, number, number, number, (0 | 1)?, ToolOutcome?];

export type ShareV3 = {
  format: 'toolscope-share';
  version: 3;
  /** 1: tool results carried; 0: left out. */
  r: 0 | 1;
  /** title, model, start in Unix seconds, the branch the sender had open, the session's id (an imported copy keeps it) */
  s: [string, string, number, number, string];
  /** branches after the root: [parent branch, message the branch forks after (-1: the start)] */
  b: [number, number][];
  m: CompactMessage[];
  /** [message index, its extras], for the messages that have any; absent when none has (and in format 2) */
  x?: [number, CompactExtras][];
};

const sec = (ms: number) => Math.round(ms / 1000);

/** `choice.images`: false leaves every image out (they do not fit inside a link; share-left-out.ts says so). */
export function compactShare(entry: ExportedSessionV1, choice: ExtrasChoice): ShareV3 {
  const includeToolResults = choice.toolResults;
  const messages = [...entry.messages].sort((a, b) => a.order - b.order);
  const start = sec(entry.session.createdAt);
  const branches = entry.session.branches ?? [];
  const branchIndex = new Map<string, number>([
    [ROOT_BRANCH, 0],
    ...branches.map((b, i): [string, number] => [b.id, i + 1]),
  ]);
  const messageIndex = new Map(messages.map((m, i) => [m.id, i]));
  const callAt = new Map<string, [number, number]>();
  messages.forEach((m, i) => m.role === 'assistant' && m.toolCalls.forEach((c, k) => callAt.set(c.id, [i, k])));
  const compact = messages.map((m): CompactMessage => {
    const t = Math.max(0, sec(m.createdAt) - start);
    const b = branchIndex.get(m.branchId ?? ROOT_BRANCH) ?? 0;
    return compactMessage(m, t, b, includeToolResults, callAt, messageIndex);
  });
  const extras = messages.flatMap((m, i): [number, CompactExtras][] => {
    // A reply's provider content names its calls by the ids the opened share gives them (callId).
    const x = compactExtras(m, choice, m.role === 'assistant' ? m.toolCalls.map((_, k) => callId(i, k)) : []);
    return x === null ? [] : [[i, x]];
  });
  return {
    format: 'toolscope-share',
    version: 3,
    r: includeToolResults ? 1 : 0,
    s: [
      entry.session.title,
      entry.session.model,
      start,
      branchIndex.get(entry.session.activeBranchId ?? ROOT_BRANCH) ?? 0,
      entry.session.id,
    ],
    b: branches.map((br) => [
      branchIndex.get(br.parentId) ?? 0,
      br.forkMessageId === null ? -1 : (messageIndex.get(br.forkMessageId) ?? -1),
    ]),
    m: compact,
    ...(extras.length > 0 ? { x: extras } : {}),
  };
}

function compactMessage(
  m: ChatMessage,
  t: number,
  b: number,
  includeToolResults: boolean,
  callAt: ReadonlyMap<string, [number, number]>,
  messageIndex: ReadonlyMap<string, number>,
): CompactMessage {
  switch (m.role) {
    case 'user':
      return ['u', m.content, t, b];
    case 'system':
      return m.summaryOf?.length
        ? [
            's',
            m.content,
            t,
            b,
            m.summaryOf.map((id) => messageIndex.get(id)).filter((j): j is number => j !== undefined),
          ]
        : ['s', m.content, t, b];
    case 'assistant': {
      const calls = m.toolCalls.map((c): [string, string] => [c.name, c.arguments]);
      if (m.status !== 'complete') return ['a', m.content, t, b, calls, m.reasoning, m.status];
      return m.reasoning !== '' ? ['a', m.content, t, b, calls, m.reasoning] : ['a', m.content, t, b, calls];
    }
    case 'tool': {
      const [at, k] = callAt.get(m.toolCallId) ?? [-1, 0];
      const result = includeToolResults ? m.content : 0;
      if (m.outcome !== (m.isError ? 'error' : 'ok')) return ['t', result, t, b, at, k, m.isError ? 1 : 0, m.outcome];
      return m.isError ? ['t', result, t, b, at, k, 1] : ['t', result, t, b, at, k];
    }
  }
}

/** A compact share that is not what compactShare writes. */
export class CompactShareError extends Error {
  constructor(where: string) {
    super(`The shared session is damaged at ${where}.`);
    this.name = 'CompactShareError';
  }
}

/** Calls get ids from where they stand: the share carries none. */
const callId = (message: number, k: number) => `call_${message}_${k}`;

const isText = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= -1;

/** Rebuilds the one session a compact share carries; throws CompactShareError where it is not one. */
export function sessionFromCompact(data: unknown, opts: { newId: () => string; now: number }): ExportedSessionV1 {
  const share = data as Partial<ShareV3>;
  const [title, model, start, active, sessionId] = Array.isArray(share.s) ? share.s : [];
  if (
    !isText(title) ||
    !isText(model) ||
    !isCount(start) ||
    !isCount(active) ||
    !isText(sessionId) ||
    !Array.isArray(share.b) ||
    !Array.isArray(share.m)
  )
    throw new CompactShareError('its header');
  const builder = createSessionBuilder({ ...opts, sessionId });
  const branchIds: string[] = [ROOT_BRANCH];
  const messageIds: string[] = [];
  const calls = new Map<number, { id: string; name: string }[]>();
  const summaries = new Map<number, number[]>();
  const extras = readExtras(share.x, share.m.length);
  const forks = share.b.map((entry, i) => {
    if (!Array.isArray(entry) || !isCount(entry[0]) || !isIndex(entry[1]) || entry[0] > i)
      throw new CompactShareError(`branch ${i + 1}`);
    return { parent: entry[0], after: entry[1] };
  });
  // A branch is made once the message it forks after exists: forks are replayed in message order.
  const makeBranch = (i: number) => {
    const fork = forks[i - 1]!;
    branchIds[i] = builder.fork(fork.after === -1 ? null : (messageIds[fork.after] ?? null));
  };
  forks.forEach((f, i) => f.after === -1 && makeBranch(i + 1));
  share.m.forEach((raw, i) => {
    const where = `message ${i + 1}`;
    if (!Array.isArray(raw) || !isText(raw[0]) || !isCount(raw[2]) || !isCount(raw[3]))
      throw new CompactShareError(where);
    const branch = branchIds[raw[3]];
    if (branch === undefined) throw new CompactShareError(where);
    const at = (start + raw[2]) * 1000;
    const [kind, text] = raw;
    const x = extrasOf(extras, i, kind, raw[4]);
    if (x === null) throw new CompactShareError(where);
    if (kind === 'u' && isText(text)) messageIds[i] = builder.user(branch, text, at, x.images);
    else if (kind === 's' && isText(text)) {
      const covers = raw[4] ?? [];
      if (!Array.isArray(covers) || !covers.every((j) => isCount(j) && j < i)) throw new CompactShareError(where);
      if (covers.length > 0) summaries.set(i, covers);
      messageIds[i] = builder.system(branch, text, at);
    } else if (kind === 'a' && isText(text) && Array.isArray(raw[4])) {
      const toolCalls = raw[4].map((c: unknown, k) => {
        if (!Array.isArray(c) || !isText(c[0]) || !isText(c[1])) throw new CompactShareError(where);
        return { id: callId(i, k), name: c[0], arguments: c[1] };
      });
      const reasoning = raw[5] ?? '';
      const status = raw[6] ?? 'complete';
      if (!isText(reasoning) || !ASSISTANT_STATUSES.includes(status)) throw new CompactShareError(where);
      calls.set(
        i,
        toolCalls.map(({ id, name }) => ({ id, name })),
      );
      messageIds[i] = builder.assistant(branch, { content: text, reasoning, toolCalls, status, createdAt: at, ...x });
    } else if (kind === 't' && (isText(text) || text === 0) && isIndex(raw[4]) && isCount(raw[5])) {
      const call = calls.get(raw[4])?.[raw[5]];
      const isError = raw[6] === 1;
      const outcome = raw[7] ?? (isError ? 'error' : 'ok');
      if (call === undefined || !TOOL_OUTCOMES.includes(outcome)) throw new CompactShareError(where);
      messageIds[i] = builder.tool(branch, {
        toolCallId: call.id,
        name: call.name,
        content: text === 0 ? RESULT_LEFT_OUT : text,
        isError,
        outcome,
        createdAt: at,
        ...x,
      });
    } else throw new CompactShareError(where);
    forks.forEach((f, b) => f.after === i && makeBranch(b + 1));
  });
  const built = builder.finish({ title, model, createdAt: start * 1000 });
  const summaryOf = new Map(
    [...summaries].map(([i, covers]): [string | undefined, string[]] => [
      messageIds[i],
      covers.flatMap((j) => messageIds[j] ?? []),
    ]),
  );
  const entry =
    summaries.size === 0
      ? built
      : {
          ...built,
          messages: built.messages.map((m) =>
            m.role === 'system' && summaryOf.has(m.id) ? { ...m, summaryOf: summaryOf.get(m.id)! } : m,
          ),
        };
  const activeId = branchIds[active] ?? ROOT_BRANCH;
  return entry.session.branches?.length ? { ...entry, session: { ...entry.session, activeBranchId: activeId } } : entry;
}

/** The share's extras by message index; a damaged list throws. */
function readExtras(x: unknown, messages: number): Map<number, unknown> {
  if (x === undefined) return new Map();
  if (!Array.isArray(x)) throw new CompactShareError('its extras');
  const byIndex = new Map<number, unknown>();
  x.forEach((entry: unknown, k) => {
    if (!Array.isArray(entry) || !isCount(entry[0]) || entry[0] >= messages || byIndex.has(entry[0]))
      throw new CompactShareError(`extra ${k + 1}`);
    byIndex.set(entry[0], entry[1]);
  });
  return byIndex;
}

/** Message i's extras, read back for its role; {} when it has none, null when they are not what the share writes. */
function extrasOf(
  extras: ReadonlyMap<number, unknown>,
  i: number,
  kind: string,
  calls: unknown,
): ExpandedExtras | null {
  if (!extras.has(i)) return {};
  const role = kind === 'u' ? 'user' : kind === 'a' ? 'assistant' : kind === 't' ? 'tool' : 'system';
  // An edit of arguments names its call by index: the ids are the ones the message's calls get.
  const callIds = kind === 'a' && Array.isArray(calls) ? calls.map((_, k) => callId(i, k)) : [];
  const x = expandExtras(extras.get(i), i, callIds);
  return x !== null && extrasFit(x, role) ? x : null;
}
