import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { loadSkeleton } from '../../../db/branches-repo';
import { siblingMap, type Siblings } from '../../../domain/branches';

const NONE: ReadonlyMap<string, Siblings> = new Map();

/**
 * The messages of the active path that have siblings on other branches, live. A straight session reads nothing
 * more than its row: the branch structure is only read once the session has branches.
 */
export function useBranchSiblings(sessionId: string, branched: boolean): ReadonlyMap<string, Siblings> {
  const map = useLiveQuery(async () => {
    if (!branched) return NONE;
    const skeleton = await loadSkeleton(db, sessionId);
    return skeleton ? siblingMap(skeleton.state, skeleton.own, skeleton.path) : NONE;
  }, [sessionId, branched]);
  return map ?? NONE;
}
