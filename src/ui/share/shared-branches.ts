import { branchStateOf, pathIds, ROOT_BRANCH, siblingMap, type Siblings } from '../../domain/branches';
import type { ExportedSessionV1 } from '../../io/session-file/format-v1';

/**
 * A shared session's branches (architecture.md, "Share links"): the messages on the path to the branch shown and the
 * alternatives at each of them, as the chat's branch counter shows them. The branch shown is the view's own choice
 * (null: the one the sender had open); nothing is stored.
 */
export function sharedBranchView(
  entry: ExportedSessionV1,
  shown: string | null,
): { messages: ExportedSessionV1['messages']; siblings: Map<string, Siblings> } {
  const ordered = [...entry.messages].sort((a, b) => a.order - b.order);
  if (!entry.session.branches?.length) return { messages: ordered, siblings: new Map() };
  const own = new Map<string, string[]>([[ROOT_BRANCH, []]]);
  for (const m of ordered) {
    const b = m.branchId ?? ROOT_BRANCH;
    own.set(b, [...(own.get(b) ?? []), m.id]);
  }
  const stored = branchStateOf(entry.session);
  const known = shown !== null && (shown === ROOT_BRANCH || stored.branches.some((b) => b.id === shown));
  const state = { ...stored, activeBranchId: known ? shown : stored.activeBranchId };
  const byId = new Map(ordered.map((m) => [m.id, m]));
  const path = pathIds(state, own);
  return { messages: path.flatMap((id) => byId.get(id) ?? []), siblings: siblingMap(state, own, path) };
}
