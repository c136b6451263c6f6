import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pathIds, ROOT_BRANCH } from '../domain/branches';
import { formatHlc } from './hlc';
import { forkConcurrent, type ForkInput } from './fork-branches';

const m = (id: string, order: number, dev: string, ms = order, branchId = ROOT_BRANCH): ForkInput => ({
  id,
  order,
  branchId,
  created: formatHlc({ ms, counter: 0 }, dev),
});

function paths(input: ForkInput[]) {
  const { branches, moved } = forkConcurrent([], input);
  const own = new Map<string, string[]>();
  for (const x of [...input].sort((a, b) => a.order - b.order)) {
    const b = moved.get(x.id) ?? x.branchId;
    own.set(b, [...(own.get(b) ?? []), x.id]);
  }
  const state = { branches, activeBranchId: ROOT_BRANCH };
  return [ROOT_BRANCH, ...branches.map((b) => b.id)].map((b) => pathIds(state, own, b));
}

describe('fork of a session continued on two devices', () => {
  it('leaves a straight session alone', () => {
    expect(forkConcurrent([], [m('1', 1, 'a'), m('2', 2, 'b'), m('3', 3, 'a')])).toEqual({
      branches: [],
      moved: new Map(),
    });
  });

  it('turns two offline continuations into two branches after the last shared message', () => {
    const input = [
      m('1', 1, 'a'),
      m('2', 2, 'a'),
      m('a3', 3, 'a', 10),
      m('a4', 4, 'a', 11),
      m('b3', 3, 'b', 12),
      m('b4', 4, 'b', 13),
    ];
    const { branches, moved } = forkConcurrent([], input);
    expect(branches).toEqual([{ id: 'sync-b3', parentId: ROOT_BRANCH, forkMessageId: '2', createdAt: 12 }]);
    expect([...moved]).toEqual([
      ['b3', 'sync-b3'],
      ['b4', 'sync-b3'],
    ]);
    expect(paths(input)).toEqual([
      ['1', '2', 'a3', 'a4'],
      ['1', '2', 'b3', 'b4'],
    ]);
  });

  it('three devices: three branches; the result does not depend on the order messages arrive in', () => {
    const input = [m('1', 1, 'a'), m('a2', 2, 'a', 5), m('b2', 2, 'b', 6), m('c2', 2, 'c', 4), m('c3', 3, 'c', 7)];
    fc.assert(
      fc.property(fc.shuffledSubarray(input, { minLength: input.length, maxLength: input.length }), (shuffled) => {
        const r = forkConcurrent([], shuffled);
        expect(r.branches.map((b) => b.id).sort()).toEqual(['sync-a2', 'sync-b2']);
        expect(paths(shuffled).sort()).toEqual([
          ['1', 'a2'],
          ['1', 'b2'],
          ['1', 'c2', 'c3'],
        ]);
      }),
    );
  });
});
