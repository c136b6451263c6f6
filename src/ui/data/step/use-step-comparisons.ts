import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { getSession } from '../../../db/sessions-repo';
import type { ModelComparison } from '../../../domain/model-comparison';

const NONE: readonly ModelComparison[] = [];

/** The stored comparisons of one step (architecture.md, "Try on other models"), live. */
export function useStepComparisons(sessionId: string, messageId: string): readonly ModelComparison[] {
  return (
    useLiveQuery(async () => {
      const found = (await getSession(db, sessionId))?.comparisons?.filter((c) => c.messageId === messageId) ?? [];
      return found.length > 0 ? found : NONE;
    }, [sessionId, messageId]) ?? NONE
  );
}
