import type { LeftOutNote } from '../../../domain/left-out-note';
import type { Usage } from '../../../domain/messages';
import type { ToolscopeDB } from '../../../db/database';
import { listRunEventsAfter } from '../../../db/events-repo';
import { emptyFold, figuresOf, foldTurnUsage, type RunUsageFold, type TurnFigures } from './turn-usage-fold';

const CHUNK = 500;
const folds = new Map<string, RunUsageFold>();

/**
 * A turn's token usage from the stored event stream, so it survives a reload and shows for runs of other
 * tabs. Per run, only events after the last one read are fetched (in chunks); a finished run is never read
 * again. Inside a liveQuery the read range is observed, so a run still being written updates the answer.
 */
export async function storedTurnUsage(db: ToolscopeDB, runId: string, turn: number): Promise<Usage | null> {
  return (await storedTurnFigures(db, runId, turn)).usage;
}

/** A turn's usage and duration from the stored events, read as storedTurnUsage reads them. */
export async function storedTurnFigures(db: ToolscopeDB, runId: string, turn: number): Promise<TurnFigures> {
  return figuresOf(await readFold(db, runId), turn);
}

/** What the request that got this reply left out of the history (docs/wire-formats.md), read as above; [] for none. */
export async function storedLeftOut(db: ToolscopeDB, runId: string, messageId: string): Promise<LeftOutNote[]> {
  return (await readFold(db, runId)).leftOut.get(messageId) ?? [];
}

async function readFold(db: ToolscopeDB, runId: string): Promise<RunUsageFold> {
  const fold = folds.get(runId) ?? emptyFold();
  folds.set(runId, fold);
  while (!fold.finished) {
    const chunk = await listRunEventsAfter(db, runId, fold.lastSeq, CHUNK);
    foldTurnUsage(fold, chunk);
    if (chunk.length < CHUNK) break;
  }
  return fold;
}

/** Test-only: forget what was read. */
export function resetStoredTurnUsage(): void {
  folds.clear();
}
