import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { openToolscopeDB } from '../db/database';
import { appendMessage, loadHistory } from '../db/messages-repo';
import { createSession } from '../db/sessions-repo';
import type { BlobStore } from './blob-store';
import { connectVault } from './connect-vault';
import { MemoryBlobStore } from './memory-store';
import { decodeBlob } from './segment-codec';
import { syncRound } from './sync-round';
import { loadMeta, SyncStateDB } from './sync-state-db';
import { testDevice } from './testing/sync-device';
import { DEVICES } from './vault-layout';

/** A storage whose connection dies in the middle of the `cutAt`-th segment upload: half the bytes land, then it fails. */
class CutStore implements BlobStore {
  private puts = 0;
  constructor(
    private readonly inner: MemoryBlobStore,
    private readonly cutAt: number,
  ) {}
  async putIfAbsent(path: string, body: Uint8Array): Promise<boolean> {
    if (path.includes('/seg-') && ++this.puts === this.cutAt) {
      await this.inner.putIfAbsent(path, body.slice(0, Math.floor(body.length / 2)));
      throw new TypeError('Failed to fetch');
    }
    return this.inner.putIfAbsent(path, body);
  }
  get = (p: string) => this.inner.get(p);
  list = (p: string) => this.inner.list(p);
  delete = (p: string) => this.inner.delete(p);
}

describe('an upload cut halfway', () => {
  it('is resumed after the page is reopened: the outbox survived, the torn segment is replaced, nothing is lost', async () => {
    const store = new MemoryBlobStore();
    const factory = new IDBFactory();
    const open = () => ({
      db: openToolscopeDB('app', { indexedDB: factory, IDBKeyRange }),
      state: new SyncStateDB('app-sync', { indexedDB: factory, IDBKeyRange }),
    });
    const { key } = await connectVault(store, 'passphrase here', 1000);

    const first = open();
    await createSession(first.db, { id: 's1', title: 'Long session', model: 'm' });
    for (let i = 0; i < 40; i++)
      await appendMessage(first.db, 's1', {
        id: `m${String(i).padStart(2, '0')}`,
        role: 'user',
        content: `message ${i}`,
        createdAt: i,
      });
    // Segments of 10 changes: the second upload is cut halfway through.
    await expect(
      syncRound({ db: first.db, state: first.state, store: new CutStore(store, 2), key, segmentSize: 10 }),
    ).rejects.toThrow('Failed to fetch');
    const cut = await loadMeta(first.state);
    expect(cut.ownSeq).toBe(1);
    const left = await first.state.outbox.count();
    expect(left).toBeGreaterThan(0);
    const torn = (await store.list(DEVICES)).filter((p) => p.endsWith('seg-000000002'));
    expect(torn).toHaveLength(1);
    await expect(decodeBlob(key, torn[0]!, (await store.get(torn[0]!))!)).rejects.toThrow(
      /nothing from it was applied/,
    );
    first.db.close();
    first.state.close();

    // The tab is opened again: the outbox is read back from IndexedDB and the upload goes on.
    const again = open();
    const pending = await again.state.outbox.count();
    expect(pending).toBe(left);
    const report = await syncRound({ db: again.db, state: again.state, store, key, segmentSize: 10 });
    expect(report.uploaded).toBe(pending);
    expect(report.pending).toBe(0);
    for (const p of await store.list(DEVICES))
      await expect(decodeBlob(key, p, (await store.get(p))!)).resolves.toBeTruthy();

    // Another device gets every message, and no integrity problem stops it.
    const other = await testDevice(store, 'passphrase here');
    await other.sync();
    expect((await loadHistory(other.db, 's1')).map((m) => m.id)).toEqual(
      (await loadHistory(again.db, 's1')).map((m) => m.id),
    );
    expect(await other.db.messages.count()).toBe(40);
  });
});
