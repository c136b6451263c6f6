import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { appendMessage, loadHistory } from '../db/messages-repo';
import { createSession, deleteSession, renameSession } from '../db/sessions-repo';
import { findHistoryProblems } from '../domain/history-check';
import { listConflicts } from './conflicts';
import { connectVault } from './connect-vault';
import { MemoryBlobStore } from './memory-store';
import { testDevice, type TestDevice } from './testing/sync-device';
import { getToolSet } from '../db/tool-sets-repo';
import type { OfferedTool } from '../domain/offered-tools';

const user = (id: string, content: string) => ({ id, role: 'user' as const, content, createdAt: 1 });

async function session(d: TestDevice, id: string, title: string) {
  await createSession(d.db, { id, title, model: 'm' });
  await appendMessage(d.db, id, user(`${id}-1`, 'hello'));
}

const ids = async (d: TestDevice, sid: string) => (await loadHistory(d.db, sid)).map((m) => m.id);

describe('sync between simulated devices', () => {
  it('a session made on one device appears on the other, and an edit there comes back', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    const b = await testDevice(store);
    await session(a, 's1', 'From A');
    expect((await a.sync()).uploaded).toBeGreaterThan(0);
    await b.sync();
    expect((await b.db.sessions.get('s1'))?.title).toBe('From A');
    expect(await ids(b, 's1')).toEqual(['s1-1']);
    await appendMessage(b.db, 's1', user('s1-2', 'more'));
    await b.sync();
    await a.sync();
    expect(await ids(a, 's1')).toEqual(['s1-1', 's1-2']);
    expect((await a.db.sessions.get('s1'))?.status).toBe('idle');
  });

  it('both rename offline: the same winner on both, the other title viewable on both', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    const b = await testDevice(store);
    await session(a, 's1', 'Start');
    await a.sync();
    await b.sync();
    await renameSession(a.db, 's1', 'Title A');
    await renameSession(b.db, 's1', 'Title B');
    await a.sync();
    await b.sync();
    await a.sync();
    const ta = (await a.db.sessions.get('s1'))?.title;
    expect(ta).toBe((await b.db.sessions.get('s1'))?.title);
    const other = ta === 'Title A' ? 'Title B' : 'Title A';
    for (const d of [a, b])
      expect(await listConflicts(d.state)).toEqual([
        expect.objectContaining({ key: 'sessions/s1', current: ta, other }),
      ]);
    // A later rename that saw both settles it.
    await renameSession(a.db, 's1', 'Settled');
    await a.sync();
    await b.sync();
    expect((await b.db.sessions.get('s1'))?.title).toBe('Settled');
    expect(await listConflicts(b.state)).toEqual([]);
  });

  it('both continue one session offline: two branches, each a valid history, the same on both devices', async () => {
    // The older message keeps the branch (fork-branches.ts). Written in one millisecond, the two would tie and the
    // device ids (random) would choose: only Date is faked, so A's message is certainly the older.
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    vi.setSystemTime(1_000_000);
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    const b = await testDevice(store);
    await session(a, 's1', 'Shared');
    await a.sync();
    await b.sync();
    vi.setSystemTime(1_001_000);
    await appendMessage(a.db, 's1', user('a-2', 'from a'));
    vi.setSystemTime(1_002_000);
    await appendMessage(b.db, 's1', user('b-2', 'from b'));
    await appendMessage(b.db, 's1', user('b-3', 'more from b'));
    vi.setSystemTime(1_003_000);
    await a.sync();
    await b.sync();
    await a.sync();
    for (const d of [a, b]) {
      const s = await d.db.sessions.get('s1');
      expect(s?.branches?.map((x) => x.id)).toEqual(['sync-b-2']);
      const all = await d.db.messages.where('sessionId').equals('s1').toArray();
      expect(Object.fromEntries(all.map((m) => [m.id, m.branchId ?? 'root']))).toEqual({
        's1-1': 'root',
        'a-2': 'root',
        'b-2': 'sync-b-2',
        'b-3': 'sync-b-2',
      });
      expect(findHistoryProblems(await loadHistory(d.db, 's1'))).toEqual([]);
    }
  });

  it('a delete on one device removes the session on the other; a fresh device gets everything from snapshots', async () => {
    const store = new MemoryBlobStore();
    const opts = { snapshotEvery: 1, graceMs: 0 };
    const a = await testDevice(store, undefined, opts);
    const b = await testDevice(store, undefined, opts);
    await session(a, 's1', 'Keep');
    await session(a, 's2', 'Drop');
    await a.sync();
    await b.sync();
    await deleteSession(b.db, 's2', { undoWindowMs: 0 });
    await b.sync();
    await b.sync();
    await a.sync();
    expect(await a.db.sessions.get('s2')).toBeUndefined();
    expect(await a.db.messages.where('sessionId').equals('s2').count()).toBe(0);
    // Compaction ran: segments covered by a checked snapshot are gone; a device that was never here catches up.
    const paths = [...store.blobs.keys()];
    expect(paths.some((p) => p.includes('/snap-'))).toBe(true);
    const c = await testDevice(store, undefined, opts);
    await c.sync();
    expect((await c.db.sessions.toArray()).map((s) => s.title)).toEqual(['Keep']);
    expect(await ids(c, 's1')).toEqual(['s1-1']);
  });

  it('the tool sets a session offered go with it, and leave with it', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    const b = await testDevice(store);
    await session(a, 's1', 'With tools');
    const tools: OfferedTool[] = [
      { name: 'get_weather', description: 'Weather', parameters: { type: 'object' }, source: { kind: 'custom' } },
    ];
    await a.db.toolSets.put({ sessionId: 's1', hash: 'h1', tools });
    await a.sync();
    await b.sync();
    expect((await getToolSet(b.db, 's1', 'h1'))?.tools).toEqual(tools);
    await deleteSession(b.db, 's1', { undoWindowMs: 0 });
    await b.sync();
    await a.sync();
    expect(await getToolSet(a.db, 's1', 'h1')).toBeUndefined();
  });

  it('a device that was offline through many rounds catches up, and its own offline edits go up', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store, undefined, { snapshotEvery: 2, graceMs: 0 });
    const c = await testDevice(store);
    await session(c, 'c1', 'Offline work');
    for (let i = 0; i < 6; i++) {
      await session(a, `s${i}`, `A ${i}`);
      await a.sync();
    }
    expect([...store.blobs.keys()].filter((p) => p.startsWith(`devices/`) && p.includes('/seg-')).length).toBeLessThan(
      6,
    );
    await c.sync();
    expect(await c.db.sessions.count()).toBe(7);
    await a.sync();
    expect((await a.db.sessions.get('c1'))?.title).toBe('Offline work');
  });

  it('a failed upload stays in the outbox and goes up on the next round', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    await session(a, 's1', 'Pending');
    const put = store.putIfAbsent.bind(store);
    store.putIfAbsent = async () => {
      throw new Error('network down');
    };
    await expect(a.sync()).rejects.toThrow('network down');
    store.putIfAbsent = put;
    expect((await a.sync()).uploaded).toBeGreaterThan(0);
    const b = await testDevice(store);
    await b.sync();
    expect((await b.db.sessions.get('s1'))?.title).toBe('Pending');
  });

  it('a flipped byte on the storage is refused and nothing from it is applied', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    await session(a, 's1', 'Signed');
    await a.sync();
    const [path, bytes] = [...store.blobs].find(([p]) => p.includes('/seg-'))!;
    bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 0xff;
    const b = await testDevice(store);
    await expect(b.sync()).rejects.toMatchObject({ kind: 'integrity', message: expect.stringContaining(path) });
    expect(await b.db.sessions.count()).toBe(0);
  });

  it('a wrong passphrase is told before anything but vault.json is read, and nothing is written', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    await session(a, 's1', 'Secret');
    await a.sync();
    const before = { ...store.calls };
    await expect(connectVault(store, 'not the passphrase', 1000)).rejects.toMatchObject({ kind: 'wrong-passphrase' });
    expect(store.calls).toEqual({ ...before, get: before.get + 1 });
  });

  it('secrets stay home: the API key and tool secrets are in no blob', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store, undefined, { snapshotEvery: 1, graceMs: 0 });
    await a.db.secrets.put({ key: 'apiKey', value: 'CANARY-sk-123' });
    await a.db.settings.put({ key: 'baseUrl', value: 'CANARY-base' });
    await session(a, 's1', 'Visible title');
    await a.sync();
    const { decodeBlob } = await import('./segment-codec');
    let plain = '';
    for (const [p, bytes] of store.blobs)
      plain += p === 'vault.json' ? new TextDecoder().decode(bytes) : JSON.stringify(await decodeBlob(a.key, p, bytes));
    expect(plain).toContain('Visible title');
    expect(plain).not.toContain('CANARY');
    for (const bytes of store.blobs.values()) expect(new TextDecoder().decode(bytes)).not.toContain('Visible title');
  });
});

describe('a run under way', () => {
  it('is synced once it ends, never half-streamed', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    const b = await testDevice(store);
    await session(a, 's1', 'Running');
    await a.db.sessions.update('s1', { status: 'generating' });
    await a.sync();
    await b.sync();
    expect(await b.db.sessions.count()).toBe(0);
    await a.db.sessions.update('s1', { status: 'finished' });
    await a.sync();
    await b.sync();
    expect((await b.db.sessions.get('s1'))?.title).toBe('Running');
    expect(await ids(b, 's1')).toEqual(['s1-1']);
  });
});
