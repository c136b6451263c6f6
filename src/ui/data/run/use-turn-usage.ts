import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { storedTurnFigures } from './stored-turn-usage';
import type { TurnFigures } from './turn-usage-fold';

/**
 * A turn's token usage and duration as its run's stored events give them, live while the run is still being
 * written; null when `skip` (the caller knows them first-hand) — then nothing is read.
 */
export function useStoredTurnFigures(runId: string, turn: number, skip: boolean): TurnFigures | null | undefined {
  return useLiveQuery(() => (skip ? null : storedTurnFigures(db, runId, turn)), [skip, runId, turn]);
}
