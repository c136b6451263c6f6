import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../db/database';
import type { Usage } from '../../domain/messages';
import { storedTurnUsage } from './stored-turn-usage';

/**
 * A turn's token usage as its run's stored events give it, live while the run is still being written;
 * null when there is none, or when `skip` (the caller knows it first-hand) — then nothing is read.
 */
export function useStoredTurnUsage(runId: string, turn: number, skip: boolean): Usage | null | undefined {
  return useLiveQuery(() => (skip ? null : storedTurnUsage(db, runId, turn)), [skip, runId, turn]);
}
