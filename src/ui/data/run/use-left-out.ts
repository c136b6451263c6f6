import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { getMessages } from '../../../db/messages-repo';
import type { LeftOutNote } from '../../../domain/left-out-note';
import { storedLeftOut } from './stored-turn-usage';

/** A note, and the run and turn of the reply it names (absent for the request as a whole, or a reply not stored). */
type LeftOutRead = { note: LeftOutNote; of?: { runId: string; turn: number } };

/**
 * What the request that got this reply left out (docs/wire-formats.md), from its run's stored events, with the run and
 * turn of each reply a note names; live while the run is still being written.
 */
export function useStoredLeftOut(runId: string, messageId: string): LeftOutRead[] | undefined {
  return useLiveQuery(async () => {
    const notes = await storedLeftOut(db, runId, messageId);
    if (notes.length === 0) return [];
    const named = await getMessages(
      db,
      notes.flatMap((n) => (n.messageId !== undefined ? [n.messageId] : [])),
    );
    const of = new Map(
      named.flatMap((m) => (m?.role === 'assistant' ? [[m.id, { runId: m.runId, turn: m.turn }]] : [])),
    );
    return notes.map((note): LeftOutRead => {
      const reply = note.messageId !== undefined ? of.get(note.messageId) : undefined;
      return reply ? { note, of: reply } : { note };
    });
  }, [runId, messageId]);
}
