import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { getMessages, loadBranchMessages } from '../../../db/messages-repo';
import { branchChoices, type BranchChoice } from '../../../compare/branch-choices';
import { branchStateOf, ROOT_BRANCH } from '../../../domain/branches';
import type { SessionRecord } from '../../../domain/session';

/**
 * The branches Compare's picker offers for each branched session among `sessions`, live; a straight session has
 * none (it is offered whole). Reads the indexes and one message per branch: the first it says differently.
 */
export function useCompareChoices(
  sessions: readonly SessionRecord[] | undefined,
): ReadonlyMap<string, BranchChoice[]> | undefined {
  const branched = (sessions ?? []).filter((s) => (s.branches?.length ?? 0) > 0);
  const key = branched.map((s) => `${s.id}:${s.branches?.length ?? 0}:${s.activeBranchId ?? ''}`).join('|');
  return useLiveQuery(async () => {
    const out = new Map<string, BranchChoice[]>();
    for (const session of branched) {
      const own = await loadBranchMessages(db, session);
      const state = branchStateOf(session);
      const firstIds = state.branches.flatMap((b) => {
        const first = own.get(b.id)?.[0];
        return first === undefined ? [] : [[b.id, first] as const];
      });
      const records = await getMessages(
        db,
        firstIds.map(([, id]) => id),
      );
      const firstText = new Map<string, string>();
      firstIds.forEach(([branchId], i) => {
        const r = records[i];
        if (r && (r.role === 'user' || r.role === 'assistant')) firstText.set(branchId, r.content);
      });
      firstText.set(ROOT_BRANCH, 'as first written');
      out.set(session.id, branchChoices(state, firstText));
    }
    return out;
    // The sessions' ids, branch counts and active branches are what the answer depends on.
  }, [key]);
}
