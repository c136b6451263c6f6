import { describe, expect, it } from 'vitest';
import { ROOT_BRANCH, type BranchState } from '../domain/branches';
import { branchChoices, branchNumbers, openingWords, pathLabel } from './branch-choices';

const state: BranchState = {
  activeBranchId: 'b-late',
  branches: [
    { id: 'b-late', parentId: ROOT_BRANCH, forkMessageId: 'm1', createdAt: 300 },
    { id: 'b-early', parentId: ROOT_BRANCH, forkMessageId: 'm1', createdAt: 100 },
  ],
};

describe('branch choices', () => {
  it('numbers the root 1 and the others by age, whatever order they are stored in', () => {
    expect([...branchNumbers(state)]).toEqual([
      [ROOT_BRANCH, 1],
      ['b-early', 2],
      ['b-late', 3],
    ]);
  });

  it('lists every branch in number order with its opening and which one is shown', () => {
    const choices = branchChoices(
      state,
      new Map([
        ['b-early', 'Edited   question\nover two lines'],
        ['b-late', 'x'.repeat(80)],
      ]),
    );
    expect(choices.map((c) => [c.branchId, c.number, c.active])).toEqual([
      [ROOT_BRANCH, 1, false],
      ['b-early', 2, false],
      ['b-late', 3, true],
    ]);
    expect(choices[1]?.opening).toBe('Edited question over two lines');
    expect(choices[2]?.opening).toHaveLength(48);
    expect(choices[2]?.opening.endsWith('…')).toBe(true);
    expect(choices[0]?.opening).toBe('');
  });

  it('labels a side by title, and by branch when one is named', () => {
    expect(pathLabel('Trip', null)).toBe('Trip');
    expect(pathLabel('Trip', 2)).toBe('Trip · branch 2');
    expect(openingWords('  short ')).toBe('short');
  });
});
