import { ROOT_BRANCH, type BranchState } from '../domain/branches';

/**
 * How Compare names the branches of one session: "branch 1" is the root (the conversation as first written), the
 * others follow in the order they were made, so the numbers stay put as branches are added.
 */
export function branchNumbers(state: BranchState): Map<string, number> {
  const byAge = [...state.branches].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
  const out = new Map<string, number>([[ROOT_BRANCH, 1]]);
  byAge.forEach((b, i) => out.set(b.id, i + 2));
  return out;
}

/** One branch offered in Compare's picker: its number and the first words it says differently. */
export type BranchChoice = { branchId: string; number: number; active: boolean; opening: string };

const OPENING_CHARS = 48;

/** A short, single-line opening of a branch's first message (what makes it differ), for a picker option. */
export function openingWords(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= OPENING_CHARS ? line : `${line.slice(0, OPENING_CHARS - 1)}…`;
}

/** The branches of a session in number order, with the text of each one's first own message. */
export function branchChoices(state: BranchState, firstText: ReadonlyMap<string, string>): BranchChoice[] {
  const numbers = branchNumbers(state);
  return [...numbers.entries()]
    .sort((x, y) => x[1] - y[1])
    .map(([branchId, number]) => ({
      branchId,
      number,
      active: branchId === state.activeBranchId,
      opening: openingWords(firstText.get(branchId) ?? ''),
    }));
}

/** A side's label: the session's title, and the branch when one is named. */
export function pathLabel(title: string, branchNumber: number | null): string {
  return branchNumber === null ? title : `${title} · branch ${branchNumber}`;
}
