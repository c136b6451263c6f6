import { findHistoryProblems } from './history-check';
import type { ChatMessage } from './messages';

/**
 * Branches (architecture.md, "Branches"). A session's messages form a tree; a branch is a run of messages that
 * continues the path of its parent branch after one of the parent's own messages. The root branch holds every
 * message that names no branch, so a session stored before branches existed is one straight path.
 * Everything here works on message ids in conversation order, which storage reads from its indexes alone.
 */
export const ROOT_BRANCH = 'root';

export type Branch = {
  id: string;
  /** The branch whose path this one continues (ROOT_BRANCH or another branch's id). */
  parentId: string;
  /** The parent's own message this branch continues after; null: nothing is inherited (the first message was edited). */
  forkMessageId: string | null;
  createdAt: number;
};

/** What a session stores about its branches; absent on a session with one straight path. */
export type BranchState = { branches: readonly Branch[]; activeBranchId: string };

/** Each branch's own message ids in conversation order (ROOT_BRANCH for messages without a branch). */
export type BranchMessages = ReadonlyMap<string, readonly string[]>;

export const STRAIGHT: BranchState = Object.freeze({ branches: Object.freeze([]), activeBranchId: ROOT_BRANCH });

/** The chain of branch ids from the root down to `branchId`; an unknown id (or a cycle) ends at the root. */
function branchChain(state: BranchState, branchId: string): string[] {
  const byId = new Map(state.branches.map((b) => [b.id, b]));
  const chain: string[] = [];
  const seen = new Set<string>();
  let at: string | undefined = branchId;
  while (at !== undefined && at !== ROOT_BRANCH && !seen.has(at)) {
    const b = byId.get(at);
    if (!b) break;
    seen.add(at);
    chain.push(at);
    at = b.parentId;
  }
  chain.push(ROOT_BRANCH);
  return chain.reverse();
}

/** The message ids on the path that ends with `branchId`'s own messages (default: the active branch). */
export function pathIds(state: BranchState, own: BranchMessages, branchId: string = state.activeBranchId): string[] {
  const chain = branchChain(state, branchId);
  const byId = new Map(state.branches.map((b) => [b.id, b]));
  const path: string[] = [];
  chain.forEach((id, i) => {
    const ids = own.get(id) ?? [];
    const next = chain[i + 1];
    if (next === undefined) {
      path.push(...ids);
      return;
    }
    const fork = byId.get(next)?.forkMessageId ?? null;
    if (fork === null) return;
    const at = ids.indexOf(fork);
    path.push(...(at < 0 ? ids : ids.slice(0, at + 1)));
  });
  return path;
}

/** Which branch owns each message id. */
export function ownerIndex(own: BranchMessages): Map<string, string> {
  const owner = new Map<string, string>();
  for (const [branchId, ids] of own) for (const id of ids) owner.set(id, branchId);
  return owner;
}

/** One alternative at a branching point: the message shown first on it, and the branch that shows it. */
type SiblingOption = { messageId: string; branchId: string };

/** A message with siblings: all the alternatives at its place (it among them, at `position`). */
export type Siblings = { options: SiblingOption[]; position: number };

/**
 * The messages on `path` that have siblings: messages that follow the same message (or start the conversation)
 * on different branches. Options come in a stable order: the parent branch's own continuation, then the branches
 * in the order they were made.
 */
export function siblingMap(state: BranchState, own: BranchMessages, path: readonly string[]): Map<string, Siblings> {
  const out = new Map<string, Siblings>();
  if (state.branches.length === 0) return out;
  const groups = new Map<string, SiblingOption[]>();
  const key = (owner: string, fork: string | null) => `${owner}\u0000${fork ?? ''}`;
  const byAge = [...state.branches].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  for (const b of byAge) {
    const first = own.get(b.id)?.[0];
    if (first === undefined) continue;
    const k = key(b.parentId, b.forkMessageId);
    let options = groups.get(k);
    if (!options) {
      options = [];
      const parentIds = own.get(b.parentId) ?? [];
      const cont = b.forkMessageId === null ? parentIds[0] : parentIds[parentIds.indexOf(b.forkMessageId) + 1];
      const forkFound = b.forkMessageId === null || parentIds.includes(b.forkMessageId);
      if (cont !== undefined && forkFound) options.push({ messageId: cont, branchId: b.parentId });
      groups.set(k, options);
    }
    options.push({ messageId: first, branchId: b.id });
  }
  const owner = ownerIndex(own);
  path.forEach((id, i) => {
    const prev = i === 0 ? null : (path[i - 1] ?? null);
    const options = groups.get(key(prev === null ? ROOT_BRANCH : (owner.get(prev) ?? ROOT_BRANCH), prev));
    if (!options || options.length < 2) return;
    const position = options.findIndex((o) => o.messageId === id);
    if (position >= 0) out.set(id, { options, position });
  });
  return out;
}

/**
 * Where a new branch for the message at `index` of `path` starts: the index of the last message it inherits (-1:
 * none). Edit and regenerate both redo the message from the history before it; that history must end on a
 * boundary, never between a tool call and its result (architecture.md, invariant 1), so the point moves back to
 * before any group still open there.
 */
export function branchPointBefore(path: readonly ChatMessage[], index: number): number {
  let k = Math.min(index, path.length) - 1;
  while (k >= 0 && endsOpen(path.slice(0, k + 1))) k--;
  return k;
}

/** Where a fork of the message at `index` ends: a message's tool results go with it, so no call is left open. */
export function forkEnd(path: readonly ChatMessage[], index: number): number {
  let k = index;
  while (path[k + 1]?.role === 'tool') k++;
  while (k >= 0 && endsOpen(path.slice(0, k + 1))) k--;
  return k;
}

function endsOpen(prefix: readonly ChatMessage[]): boolean {
  return findHistoryProblems(prefix).some((p) => p.kind === 'unanswered' && p.atEnd);
}

/**
 * A new branch continuing the path after `forkMessageId` (null: from the start), made active. Its parent is the
 * branch that owns that message, so every alternative at one place shares one parent and one fork point.
 */
export function addBranch(
  state: BranchState,
  owner: ReadonlyMap<string, string>,
  forkMessageId: string | null,
  id: string,
  now: number,
): BranchState {
  const parentId = forkMessageId === null ? ROOT_BRANCH : (owner.get(forkMessageId) ?? ROOT_BRANCH);
  return { branches: [...state.branches, { id, parentId, forkMessageId, createdAt: now }], activeBranchId: id };
}

/** Drops a branch that never got a message (a run that stopped before writing any) and shows `fallback` again. */
export function dropBranch(state: BranchState, id: string, fallback: string): BranchState {
  const branches = state.branches.filter((b) => b.id !== id);
  const activeBranchId = state.activeBranchId === id ? fallback : state.activeBranchId;
  return { branches, activeBranchId: branches.some((b) => b.id === activeBranchId) ? activeBranchId : ROOT_BRANCH };
}

/** The branches with no child branch: together with the root, their paths cover every message. */
export function leafBranches(state: BranchState): string[] {
  const parents = new Set(state.branches.map((b) => b.parentId));
  return [ROOT_BRANCH, ...state.branches.map((b) => b.id)].filter((id) => !parents.has(id) || id === ROOT_BRANCH);
}

/** Structural problems of a stored or imported branch state, in words (empty when sound). */
export function branchStateProblems(state: BranchState, own: BranchMessages): string[] {
  const problems: string[] = [];
  const ids = new Set<string>([ROOT_BRANCH]);
  for (const b of state.branches) {
    if (ids.has(b.id)) problems.push(`branch id "${b.id}" is used twice`);
    ids.add(b.id);
  }
  for (const b of state.branches) {
    if (!ids.has(b.parentId)) problems.push(`branch "${b.id}" continues branch "${b.parentId}", which does not exist`);
    else if (b.forkMessageId !== null && !(own.get(b.parentId) ?? []).includes(b.forkMessageId)) {
      problems.push(
        `branch "${b.id}" continues after message "${b.forkMessageId}", which is not a message of branch "${b.parentId}"`,
      );
    }
    if (hasCycle(state, b.id)) problems.push(`branch "${b.id}" is its own ancestor`);
  }
  for (const id of own.keys()) if (!ids.has(id)) problems.push(`a message names branch "${id}", which does not exist`);
  if (!ids.has(state.activeBranchId)) problems.push(`the active branch "${state.activeBranchId}" does not exist`);
  return problems;
}

function hasCycle(state: BranchState, start: string): boolean {
  const parent = new Map(state.branches.map((b) => [b.id, b.parentId]));
  const seen = new Set<string>();
  for (let at: string | undefined = start; at !== undefined && at !== ROOT_BRANCH; at = parent.get(at)) {
    if (seen.has(at)) return true;
    seen.add(at);
  }
  return false;
}

/** Groups message ids (in conversation order) by branch. */
export function groupByBranch(messages: readonly { id: string; branchId?: string }[]): Map<string, string[]> {
  const own = new Map<string, string[]>([[ROOT_BRANCH, []]]);
  for (const m of messages) {
    const b = m.branchId ?? ROOT_BRANCH;
    let ids = own.get(b);
    if (!ids) own.set(b, (ids = []));
    ids.push(m.id);
  }
  return own;
}

/** A session's branch state, with the straight default for sessions stored before branches existed. */
export function branchStateOf(session: { branches?: readonly Branch[]; activeBranchId?: string }): BranchState {
  return { branches: session.branches ?? [], activeBranchId: session.activeBranchId ?? ROOT_BRANCH };
}
