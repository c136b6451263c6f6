/**
 * A session's model comparisons (architecture.md, "Try on other models"): stored on the session record as they
 * start and one answer at a time as each comes in, so a reload keeps what had arrived.
 */
import { withAnswer, type ComparisonAnswer, type ModelComparison } from '../domain/model-comparison';
import type { ToolscopeDB } from './database';

/** Adds a comparison (its answers pending); false when the session is gone. */
export async function addComparison(db: ToolscopeDB, sessionId: string, comparison: ModelComparison): Promise<boolean> {
  return db.transaction('rw', db.sessions, async () => {
    const s = await db.sessions.get(sessionId);
    if (!s) return false;
    await db.sessions.update(sessionId, { comparisons: [...(s.comparisons ?? []), comparison] });
    return true;
  });
}

/** Stores one slot's answer; a slot no longer there (session or comparison gone) is left alone. */
export async function putComparisonAnswer(
  db: ToolscopeDB,
  sessionId: string,
  comparisonId: string,
  index: number,
  answer: ComparisonAnswer,
): Promise<void> {
  await db.transaction('rw', db.sessions, async () => {
    const s = await db.sessions.get(sessionId);
    const before = s?.comparisons ?? [];
    const after = withAnswer(before, comparisonId, index, answer);
    if (s && after !== before) await db.sessions.update(sessionId, { comparisons: [...after] });
  });
}

export async function getComparison(
  db: ToolscopeDB,
  sessionId: string,
  comparisonId: string,
): Promise<ModelComparison | undefined> {
  return (await db.sessions.get(sessionId))?.comparisons?.find((c) => c.id === comparisonId);
}
