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
  return useLiveQuery(async () => named(await storedLeftOut(db, runId, messageId)), [runId, messageId]);
}

/** Notes kept elsewhere (an answer of "Try on other models"), with the run and turn of each reply they name. */
export function useNamedLeftOut(notes: readonly LeftOutNote[]): LeftOutRead[] | undefined {
  const key = JSON.stringify(notes);
  return useLiveQuery(() => named(notes), [key]);
}

async function named(notes: readonly LeftOutNote[]): Promise<LeftOutRead[]> {
  if (notes.length === 0) return [];
  const replies = await getMessages(
    db,
    notes.flatMap((n) => (n.messageId !== undefined ? [n.messageId] : [])),
  );
  const of = new Map(
    replies.flatMap((m) => (m?.role === 'assistant' ? [[m.id, { runId: m.runId, turn: m.turn }]] : [])),
  );
  return notes.map((note): LeftOutRead => {
    const reply = note.messageId !== undefined ? of.get(note.messageId) : undefined;
    return reply ? { note, of: reply } : { note };
  });
}
