/**
 * Word-level differences between two answers (architecture.md, "Try on other models"): the comparison marks the
 * words an answer adds to the original reply and the ones it leaves out. Words and the white space between them are
 * the units; the longest common subsequence of the parts between the shared start and end decides what is the same.
 */
export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/** Past this many cells (middle words of one text times the other's) the middle is marked changed as a whole. */
const MAX_CELLS = 1_000_000;

const tokens = (text: string): string[] => text.match(/\s+|\S+/g) ?? [];

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else if (text !== '') parts.push({ kind, text });
}

/** `from` → `to` as parts in reading order: same, removed from `from`, added in `to`. Pure. */
export function wordDiff(from: string, to: string): DiffPart[] {
  const a = tokens(from);
  const b = tokens(to);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    push(parts, 'removed', midA.join(''));
    push(parts, 'added', midB.join(''));
  } else {
    middle(parts, midA, midB);
  }
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}

/** Longest common subsequence table from the end, then one walk from the start. */
function middle(parts: DiffPart[], a: readonly string[], b: readonly string[]): void {
  const w = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * w);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i]!);
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) {
      push(parts, 'removed', a[i++]!);
    } else {
      push(parts, 'added', b[j++]!);
    }
  }
  while (i < a.length) push(parts, 'removed', a[i++]!);
  while (j < b.length) push(parts, 'added', b[j++]!);
}

/** How many words an answer changed: added plus removed, white space not counted. */
export function changedWords(parts: readonly DiffPart[]): number {
  return parts.reduce((n, p) => (p.kind === 'same' ? n : n + (p.text.match(/\S+/g)?.length ?? 0)), 0);
}
