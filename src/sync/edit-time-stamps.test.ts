import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appendMessage, loadHistory } from '../db/messages-repo';
import { createSession, deleteSession } from '../db/sessions-repo';
import { MemoryBlobStore } from './memory-store';
import { testDevice, type TestDevice } from './testing/sync-device';

/**
 * Delete against edit is decided by when each was made, not by which device's round happened to stamp it first.
 * A background round (every 30 s, on focus) or a "Sync now" that joins a round already under way decides the
 * order in which devices collect their changes; the outcome must not depend on it (e2e/sync-webdav.spec.ts,
 * "three devices", saw the session lost once: B's round sent its append before A's round stamped the older delete).
 * Only Date is faked: the change log notes each write's time with Date.now(), rounds stamp with it too.
 */
describe('stamps are the time of the edit, not of the round that collects it', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const at = (ms: number) => vi.setSystemTime(ms);

  async function twoDevicesWithSession(): Promise<[TestDevice, TestDevice]> {
    const store = new MemoryBlobStore();
    at(1_000_000);
    const a = await testDevice(store);
    const b = await testDevice(store);
    await createSession(a.db, { id: 's1', title: 'Start', model: 'm' });
    await appendMessage(a.db, 's1', { id: 'm0', role: 'user', content: 'first', createdAt: Date.now() });
    await a.sync();
    at(1_001_000);
    await b.sync();
    return [a, b];
  }

  it('an append made after the delete brings the session back, though its round ran before the delete was stamped', async () => {
    const [a, b] = await twoDevicesWithSession();
    at(1_010_000);
    await deleteSession(a.db, 's1', { undoWindowMs: 0 });
    at(1_011_000);
    await appendMessage(b.db, 's1', { id: 'm1', role: 'user', content: 'appended on B', createdAt: Date.now() });
    // B's background round sends the append before A's round has stamped its (older) delete.
    at(1_012_000);
    await b.sync();
    at(1_013_000);
    await a.sync();
    at(1_014_000);
    await b.sync();
    at(1_015_000);
    await a.sync();
    for (const d of [a, b]) {
      expect((await d.db.sessions.get('s1'))?.title).toBe('Start');
      expect((await loadHistory(d.db, 's1')).map((m) => m.id)).toEqual(['m0', 'm1']);
    }
  });

  it('an append made before the delete goes with the session, though its round ran after the delete was stamped', async () => {
    const [a, b] = await twoDevicesWithSession();
    at(1_010_000);
    await appendMessage(b.db, 's1', { id: 'm1', role: 'user', content: 'appended on B', createdAt: Date.now() });
    at(1_011_000);
    await deleteSession(a.db, 's1', { undoWindowMs: 0 });
    at(1_012_000);
    await a.sync();
    at(1_013_000);
    await b.sync();
    at(1_014_000);
    await a.sync();
    for (const d of [a, b]) {
      expect(await d.db.sessions.get('s1')).toBeUndefined();
      expect(await d.db.messages.count()).toBe(0);
    }
  });
});
