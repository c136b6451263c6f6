import { describe, expect, it } from 'vitest';
import { appendMessage, loadHistory } from '../db/messages-repo';
import { createSession, renameSession } from '../db/sessions-repo';
import { restoreBackup, writeBackup } from './backup-file';
import {
  FOLDER_BACKUP_NAME,
  FolderBackup,
  FolderBackupError,
  folderBackupSupported,
  type FolderBackupView,
} from './backup-folder';
import { FakeFolder } from './testing/fake-folder';
import { MemoryBlobStore } from './memory-store';
import { testDevice, type TestDevice } from './testing/sync-device';
import { createVault } from './vault-crypto';

async function deviceWithSession(): Promise<TestDevice> {
  const a = await testDevice(new MemoryBlobStore());
  await createSession(a.db, { id: 's1', title: 'Kept in the folder', model: 'm' });
  await appendMessage(a.db, 's1', { id: 'm1', role: 'user', content: 'hello from the folder', createdAt: 1 });
  await a.db.secrets.put({ key: 'apiKey', value: 'CANARY-key' });
  return a;
}

// Sealed as a connected device seals it (its vault), with few KDF rounds: the tests are about the folder.
const vault = createVault('folder passphrase', 1000);

function folderBackup(
  d: TestDevice,
  clock = { t: 1000 },
): { fb: FolderBackup; views: (FolderBackupView | null)[]; text: () => Promise<string> } {
  const views: (FolderBackupView | null)[] = [];
  const fb = new FolderBackup(
    d.state,
    (v) => views.push(v),
    () => clock.t,
  );
  return { fb, views, text: async () => writeBackup({ db: d.db, state: d.state, vault: await vault }) };
}

describe('backup to a folder', () => {
  it('writes the sealed backup into the chosen folder; "Restore from file" of that file restores it on a fresh device', async () => {
    const a = await deviceWithSession();
    const folder = new FakeFolder('Sync folder');
    const { fb, text } = folderBackup(a);
    await fb.choose(folder, text);
    expect([...folder.files.keys()]).toEqual([FOLDER_BACKUP_NAME]);
    const written = folder.files.get(FOLDER_BACKUP_NAME)!;
    for (const plain of ['Kept in the folder', 'hello from the folder', 'CANARY', 'folder passphrase'])
      expect(written).not.toContain(plain);
    expect(fb.view).toEqual({ name: 'Sync folder', access: 'granted', lastWrittenAt: 1000 });

    const b = await testDevice(new MemoryBlobStore());
    expect(
      (await restoreBackup({ db: b.db, state: b.state, text: written, passphrase: 'folder passphrase' })).restored,
    ).toBe(2);
    expect((await b.db.sessions.get('s1'))?.title).toBe('Kept in the folder');
    expect((await loadHistory(b.db, 's1')).map((m) => m.content)).toEqual(['hello from the folder']);
  });

  it('after a round that moved something the file is replaced (one file); a quiet round writes nothing', async () => {
    const a = await deviceWithSession();
    const folder = new FakeFolder('Sync folder');
    const clock = { t: 1000 };
    const { fb, text } = folderBackup(a, clock);
    await fb.choose(folder, text);
    const first = folder.files.get(FOLDER_BACKUP_NAME);
    clock.t = 2000;
    expect(await fb.afterRound(false, text)).toBe(false);
    expect(folder.files.get(FOLDER_BACKUP_NAME)).toBe(first);
    await renameSession(a.db, 's1', 'Renamed before the round');
    expect(await fb.afterRound(true, text)).toBe(true);
    expect([...folder.files.keys()]).toEqual([FOLDER_BACKUP_NAME]);
    const second = folder.files.get(FOLDER_BACKUP_NAME)!;
    expect(second).not.toBe(first);
    expect(fb.view?.lastWrittenAt).toBe(2000);
    const b = await testDevice(new MemoryBlobStore());
    await restoreBackup({ db: b.db, state: b.state, text: second, passphrase: 'folder passphrase' });
    expect((await b.db.sessions.get('s1'))?.title).toBe('Renamed before the round');
  });

  it('when the browser wants permission again (after a reload): rounds do not write or ask; the click asks, then writes', async () => {
    const a = await deviceWithSession();
    const folder = new FakeFolder('Sync folder');
    const { fb, views, text } = folderBackup(a);
    await fb.choose(folder, text);
    folder.files.clear();
    folder.permission = 'prompt';
    expect(await fb.afterRound(true, text)).toBe(false);
    expect(folder.requests).toBe(0);
    expect(folder.files.size).toBe(0);
    expect(views.at(-1)).toMatchObject({ name: 'Sync folder', access: 'prompt' });

    folder.answer = 'denied';
    const err = await fb.writeNow(text).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FolderBackupError);
    expect(err).toMatchObject({
      kind: 'permission',
      message: expect.stringContaining('did not allow writing into the folder “Sync folder”'),
    });
    expect(folder.files.size).toBe(0);

    folder.answer = 'granted';
    await fb.writeNow(text);
    expect(folder.requests).toBe(2);
    expect(folder.files.has(FOLDER_BACKUP_NAME)).toBe(true);
    expect(fb.view?.access).toBe('granted');
  });

  it('the folder is kept in sync’s own database: a new page picks up its name and last write', async () => {
    const a = await deviceWithSession();
    const { fb, text } = folderBackup(a, { t: 4242 });
    await fb.choose(new FakeFolder('Sync folder'), text);
    const again = new FolderBackup(a.state, () => undefined);
    await again.load();
    expect(again.view).toMatchObject({ name: 'Sync folder', lastWrittenAt: 4242 });
    const none = new FolderBackup((await testDevice(new MemoryBlobStore())).state, () => undefined);
    await none.load();
    expect(none.view).toBeNull();
    await expect(none.writeNow(text)).rejects.toMatchObject({ kind: 'none' });
  });

  it('a folder that is gone is a clear error naming it, and the file already there is untouched', async () => {
    const a = await deviceWithSession();
    const folder = new FakeFolder('Removed folder');
    const { fb, text } = folderBackup(a);
    await fb.choose(folder, text);
    const before = folder.files.get(FOLDER_BACKUP_NAME);
    folder.gone = true;
    await expect(fb.afterRound(true, text)).rejects.toMatchObject({
      kind: 'write',
      message: expect.stringMatching(
        /^Could not write toolscope-backup\.json into the folder “Removed folder”: .*Choose another folder\.$/,
      ),
    });
    expect(folder.files.get(FOLDER_BACKUP_NAME)).toBe(before);
  });

  it('is offered only where the browser can pick a folder', () => {
    expect(folderBackupSupported({})).toBe(false);
    expect(folderBackupSupported({ showDirectoryPicker: () => undefined })).toBe(true);
  });
});
