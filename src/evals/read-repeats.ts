import { REPEATS_MAX, REPEATS_MIN } from '../domain/eval-case';

/** "Repeats" as typed in "Run suite" and "Export as promptfoo config": a whole number from 1 to 20, or why not. */
export function readRepeats(text: string): number | string {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= REPEATS_MIN && n <= REPEATS_MAX
    ? n
    : `Repeats is a whole number from ${REPEATS_MIN} to ${REPEATS_MAX}.`;
}
