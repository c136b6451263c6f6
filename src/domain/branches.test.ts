import { describe, expect, it } from 'vitest';
import {
  addBranch,
  branchPointBefore,
  branchStateProblems,
  forkEnd,
  groupByBranch,
  ownerIndex,
  pathIds,
  ROOT_BRANCH,
  siblingMap,
  STRAIGHT,
} from './branches';
import type { ChatMessage } from './messages';

const u = (id: string): ChatMessage => ({ id, role: 'user', content: id, createdAt: 0 });
const a = (id: string, calls: string[] = []): ChatMessage => ({
  id,
  role: 'assistant',
  content: id,
  reasoning: '',
  refusal: null,
  toolCalls: calls.map((c) => ({ id: c, name: 'f', arguments: '{}' })),
  status: 'complete',
  runId: 'r',
  turn: 1,
  createdAt: 0,
});
const t = (id: string, call: string): ChatMessage => ({
  id,
  role: 'tool',
  toolCallId: call,
  name: 'f',
  content: 'ok',
  isError: false,
  outcome: 'ok',
  runId: 'r',
  turn: 1,
  createdAt: 0,
});

describe('branches', () => {
  it('a session without branches is one straight path', () => {
    const own = groupByBranch([{ id: 'u1' }, { id: 'a1' }]);
    expect(pathIds(STRAIGHT, own)).toEqual(['u1', 'a1']);
    expect(siblingMap(STRAIGHT, own, ['u1', 'a1']).size).toBe(0);
  });

  it('an edit branches before the message; both paths and the counter follow', () => {
    const records = [{ id: 'u1' }, { id: 'a1' }, { id: 'u2' }, { id: 'a2' }];
    const state = addBranch(STRAIGHT, ownerIndex(groupByBranch(records)), 'a1', 'b1', 1);
    const own = groupByBranch([...records, { id: 'u2x', branchId: 'b1' }, { id: 'a2x', branchId: 'b1' }]);
    expect(pathIds(state, own)).toEqual(['u1', 'a1', 'u2x', 'a2x']);
    expect(pathIds(state, own, ROOT_BRANCH)).toEqual(['u1', 'a1', 'u2', 'a2']);
    const siblings = siblingMap(state, own, pathIds(state, own));
    expect(siblings.get('u2x')).toEqual({
      position: 1,
      options: [
        { messageId: 'u2', branchId: ROOT_BRANCH },
        { messageId: 'u2x', branchId: 'b1' },
      ],
    });
    expect(siblings.has('a2x')).toBe(false);
  });

  it('a branch of a branch continues the right parent, and editing the first message branches from nothing', () => {
    const base = [{ id: 'u1' }, { id: 'a1' }];
    let state = addBranch(STRAIGHT, ownerIndex(groupByBranch(base)), 'u1', 'b1', 1);
    let own = groupByBranch([...base, { id: 'a1x', branchId: 'b1' }, { id: 'u2', branchId: 'b1' }]);
    state = addBranch(state, ownerIndex(own), 'a1x', 'b2', 2);
    own = groupByBranch([
      ...base,
      { id: 'a1x', branchId: 'b1' },
      { id: 'u2', branchId: 'b1' },
      { id: 'u2y', branchId: 'b2' },
    ]);
    expect(state.branches[1]?.parentId).toBe('b1');
    expect(pathIds(state, own)).toEqual(['u1', 'a1x', 'u2y']);
    state = addBranch(state, ownerIndex(own), null, 'b3', 3);
    own = groupByBranch([
      ...base,
      { id: 'a1x', branchId: 'b1' },
      { id: 'u2', branchId: 'b1' },
      { id: 'u2y', branchId: 'b2' },
      { id: 'u1z', branchId: 'b3' },
    ]);
    expect(pathIds(state, own)).toEqual(['u1z']);
    expect(
      siblingMap(state, own, ['u1z'])
        .get('u1z')
        ?.options.map((o) => o.messageId),
    ).toEqual(['u1', 'u1z']);
    expect(branchStateProblems(state, own)).toEqual([]);
  });

  it('never starts a branch between a tool call and its result', () => {
    const path = [u('u1'), a('a1', ['c1', 'c2']), t('t1', 'c1'), t('t2', 'c2'), a('a2')];
    expect(branchPointBefore(path, 4)).toBe(3);
    // Asked for a point inside the group, it moves to before the group's assistant message.
    expect(branchPointBefore(path, 3)).toBe(0);
    expect(branchPointBefore(path, 0)).toBe(-1);
    // A fork of the assistant message takes its results along.
    expect(forkEnd(path, 1)).toBe(3);
  });

  it('names broken structures', () => {
    const own = groupByBranch([{ id: 'u1' }, { id: 'x', branchId: 'ghost' }]);
    const problems = branchStateProblems(
      { branches: [{ id: 'b1', parentId: 'b1', forkMessageId: null, createdAt: 0 }], activeBranchId: 'nope' },
      own,
    );
    expect(problems.join('\n')).toMatch(/own ancestor[\s\S]*ghost[\s\S]*active branch "nope"/);
  });
});
