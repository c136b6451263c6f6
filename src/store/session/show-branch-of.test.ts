import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../db/database';
import { loadActivePath, startBranch } from '../../db/branches-repo';
import { createSession } from '../../db/sessions-repo';
import { assistantMsg, userMsg } from '../../db/testing/message-builders';
import { ROOT_BRANCH } from '../../domain/branches';
import { showBranchOf } from './branch-actions';

afterAll(() => db.close());

/** A question answered twice: the first answer on the root, the re-run's on branch b1, which is shown. Ids are `<n>-u1`… */
let made = 0;
async function rerunSession(): Promise<{ id: string; m: (name: string) => string }> {
  const n = ++made;
  const m = (name: string) => `${n}-${name}`;
  const { id } = await createSession(db, { model: 'm' });
  await db.messages.bulkAdd([
    { ...userMsg(m('u1'), 'question'), sessionId: id, order: 0 },
    { ...assistantMsg(m('a1'), 'r1', 1, 'first answer'), sessionId: id, order: 1 },
  ]);
  await startBranch(db, id, m('u1'), { id: m('b1'), now: 5 });
  await db.messages.add({
    ...assistantMsg(m('a2'), 'r2', 1, 're-run answer'),
    sessionId: id,
    order: 2,
    branchId: m('b1'),
  });
  return { id, m };
}

describe('showBranchOf (the timeline\'s "Show in chat")', () => {
  it('shows the branch that holds a message the shown path does not', async () => {
    const { id, m } = await rerunSession();
    expect(await loadActivePath(db, id)).toEqual([m('u1'), m('a2')]);
    expect(await showBranchOf(id, m('a1'))).toBe(true);
    expect((await db.sessions.get(id))?.activeBranchId).toBe(ROOT_BRANCH);
    expect(await loadActivePath(db, id)).toEqual([m('u1'), m('a1')]);
    expect(await showBranchOf(id, m('a2'))).toBe(true);
    expect(await loadActivePath(db, id)).toEqual([m('u1'), m('a2')]);
  });

  it('leaves the path alone when it holds the message already', async () => {
    const { id, m } = await rerunSession();
    expect(await showBranchOf(id, m('u1'))).toBe(true);
    expect(await loadActivePath(db, id)).toEqual([m('u1'), m('a2')]);
  });

  it('says false for a message or session that is not there', async () => {
    const { id, m } = await rerunSession();
    expect(await showBranchOf(id, 'gone')).toBe(false);
    expect(await showBranchOf('no-session', m('a1'))).toBe(false);
    expect(await loadActivePath(db, id)).toEqual([m('u1'), m('a2')]);
  });
});
