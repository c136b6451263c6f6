/**
 * Word-level differences between two answers (architecture.md, "Try on other models"): the comparison marks the
 * words an answer adds to the original reply and the ones it leaves out. jsdiff (`diff`) finds them, words and the
 * white space between them as units; this module only turns its changes into the comparison's parts.
 */
import { diffWordsWithSpace } from 'diff';

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * Past this many edits, or this many characters in all, the texts share too little (or are too long) to mark word by
 * word: the middle is marked changed as a whole (the comparison draws on the main thread; a mark is not worth a
 * frozen page). Both limits are counts, never a clock: the same two texts always give the same marks, however busy
 * the machine (a 50 ms clock once turned a three-word change into a whole-sentence one).
 */
const MAX_EDITS = 1_000;
const MAX_CHARS = 12_000;

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else if (text !== '') parts.push({ kind, text });
}

/** `from` → `to` as parts in reading order: same, removed from `from`, added in `to`. Pure. */
export function wordDiff(from: string, to: string): DiffPart[] {
  const parts: DiffPart[] = [];
  const changes =
    from.length + to.length > MAX_CHARS ? undefined : diffWordsWithSpace(from, to, { maxEditLength: MAX_EDITS });
  if (changes === undefined) {
    // Too different to mark word by word: keep the shared start and end, the rest changed as a whole.
    let start = 0;
    while (start < from.length && start < to.length && from[start] === to[start]) start++;
    while (start > 0 && /\S/.test(from[start - 1]!)) start--;
    let end = 0;
    while (
      end < from.length - start &&
      end < to.length - start &&
      from[from.length - 1 - end] === to[to.length - 1 - end]
    )
      end++;
    while (end > 0 && /\S/.test(from[from.length - end]!)) end--;
    push(parts, 'same', from.slice(0, start));
    push(parts, 'removed', from.slice(start, from.length - end));
    push(parts, 'added', to.slice(start, to.length - end));
    push(parts, 'same', from.slice(from.length - end));
    return parts;
  }
  for (const change of changes) push(parts, change.added ? 'added' : change.removed ? 'removed' : 'same', change.value);
  return parts;
}

/** How many words an answer changed: added plus removed, white space not counted. */
export function changedWords(parts: readonly DiffPart[]): number {
  return parts.reduce((n, p) => (p.kind === 'same' ? n : n + (p.text.match(/\S+/g)?.length ?? 0)), 0);
}
