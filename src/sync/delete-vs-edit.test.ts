import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { appendMessage, loadHistory } from '../db/messages-repo';
import { createSession, deleteSession, renameSession } from '../db/sessions-repo';
import { findHistoryProblems } from '../domain/history-check';
import { MemoryBlobStore } from './memory-store';
import { testDevice, type TestDevice } from './testing/sync-device';

type Op = { device: 0 | 1; kind: 'append' | 'delete' | 'rename' | 'sync' };

const op = fc.record({
  device: fc.constantFrom<0 | 1>(0, 1),
  kind: fc.constantFrom<Op['kind']>('append', 'delete', 'rename', 'sync'),
});

/** What a device holds: the session (or none) and every message, tool call, run and event by session. */
async function holdings(d: TestDevice) {
  const sessions = (await d.db.sessions.toArray()).map((s) => ({ id: s.id, title: s.title }));
  const messages = (await d.db.messages.orderBy('id').toArray()).map(
    (m) => `${m.sessionId}/${m.id}/${m.branchId ?? ''}`,
  );
  const owned = [
    ...(await d.db.toolCalls.toArray()),
    ...(await d.db.runs.toArray()),
    ...(await d.db.events.toArray()),
  ].map((r) => r.sessionId);
  return { sessions, messages, owners: [...new Set([...messages.map((m) => m.slice(0, m.indexOf('/'))), ...owned])] };
}

describe('a session deleted on one device while another appends to it', () => {
  it('ends the same on both devices and never leaves a record without its session (any interleaving, any clock skew)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: -5_000, max: 5_000 }),
        async (ops, skew) => {
          const store = new MemoryBlobStore();
          const devices = [await testDevice(store), await testDevice(store)] as const;
          let t = 1_000_000;
          const now = (i: 0 | 1) => () => t + (i === 1 ? skew : 0);
          const sync = (i: 0 | 1) => devices[i].sync({ now: now(i) });
          await createSession(devices[0].db, { id: 's1', title: 'Start', model: 'm' });
          await appendMessage(devices[0].db, 's1', { id: 'm0', role: 'user', content: 'first', createdAt: t });
          await sync(0);
          await sync(1);
          let n = 0;
          for (const o of ops) {
            t += 1_000;
            const d = devices[o.device];
            const exists = (await d.db.sessions.get('s1')) !== undefined;
            if (o.kind === 'sync') await sync(o.device);
            else if (!exists) continue;
            else if (o.kind === 'append')
              await appendMessage(d.db, 's1', {
                id: `m${++n}-${o.device}`,
                role: 'user',
                content: 'more',
                createdAt: t,
              });
            else if (o.kind === 'rename') await renameSession(d.db, 's1', `Title ${++n}`);
            else await deleteSession(d.db, 's1', { undoWindowMs: 0 });
          }
          for (const i of [0, 1, 0, 1] as const) {
            t += 1_000;
            await sync(i);
          }
          const [a, b] = [await holdings(devices[0]), await holdings(devices[1])];
          expect(a).toEqual(b);
          const live = new Set(a.sessions.map((s) => s.id));
          for (const owner of a.owners)
            expect(live.has(owner), `records of deleted session ${owner} remain`).toBe(true);
          if (live.has('s1')) {
            const history = await loadHistory(devices[0].db, 's1');
            // Revived whole: the first message is there again, and the history reads as one.
            expect(history.map((m) => m.id)).toContain('m0');
            expect(findHistoryProblems(history)).toEqual([]);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('an append after the delete brings the whole session back; an append before it goes with the session', async () => {
    for (const appendLater of [true, false]) {
      const store = new MemoryBlobStore();
      const a = await testDevice(store);
      const b = await testDevice(store);
      await createSession(a.db, { id: 's1', title: 'Start', model: 'm' });
      await appendMessage(a.db, 's1', { id: 'm0', role: 'user', content: 'first', createdAt: 1 });
      await a.sync({ now: () => 1_000 });
      await b.sync({ now: () => 1_000 });
      await deleteSession(a.db, 's1', { undoWindowMs: 0 });
      await appendMessage(b.db, 's1', { id: 'm1', role: 'user', content: 'appended on B', createdAt: 2 });
      await a.sync({ now: () => (appendLater ? 2_000 : 3_000) });
      await b.sync({ now: () => (appendLater ? 3_000 : 2_000) });
      await a.sync({ now: () => 4_000 });
      for (const d of [a, b]) {
        if (appendLater) {
          expect((await loadHistory(d.db, 's1')).map((m) => m.id)).toEqual(['m0', 'm1']);
        } else {
          expect(await d.db.sessions.get('s1')).toBeUndefined();
          expect(await d.db.messages.count()).toBe(0);
        }
      }
    }
  });
});
