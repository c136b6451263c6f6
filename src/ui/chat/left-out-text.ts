import type { LeftOutNote } from '../../domain/left-out-note';

/** The note's heading and accessible name (docs/accessible-names.md, "Chat"). */
export const LEFT_OUT_NAME = 'Left out of this request';

/**
 * One line of the note in words: the body builder's own sentence (`why`), led by the reply it is about when it names
 * one, by that reply's turn in the session when known.
 */
export function leftOutLine(note: LeftOutNote, turn: number | null): string {
  if (note.messageId === undefined) return note.why;
  return turn !== null && turn > 0 ? `Turn ${turn}'s reply: ${note.why}` : `An earlier reply: ${note.why}`;
}
