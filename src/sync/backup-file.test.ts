import { describe, expect, it } from 'vitest';
import { appendMessage, loadHistory } from '../db/messages-repo';
import { createSession } from '../db/sessions-repo';
import { restoreBackup, writeBackup } from './backup-file';
import { MemoryBlobStore } from './memory-store';
import { testDevice } from './testing/sync-device';

describe('backup to file and restore', () => {
  it('restores a backup on a fresh device by the merge rules, and refuses a wrong passphrase or a changed file', async () => {
    const store = new MemoryBlobStore();
    const a = await testDevice(store);
    await createSession(a.db, { id: 's1', title: 'Backed up', model: 'm' });
    await appendMessage(a.db, 's1', { id: 'm1', role: 'user', content: 'hello', createdAt: 1 });
    await a.db.secrets.put({ key: 'apiKey', value: 'CANARY-key' });
    const text = await writeBackup({ db: a.db, state: a.state, passphrase: 'backup passphrase' });
    expect(text).not.toContain('Backed up');
    expect(text).not.toContain('CANARY');

    const b = await testDevice(new MemoryBlobStore());
    await expect(
      restoreBackup({ db: b.db, state: b.state, text, passphrase: 'wrong passphrase' }),
    ).rejects.toMatchObject({ kind: 'wrong-passphrase' });
    const file = JSON.parse(text) as { data: string };
    const tampered = JSON.stringify({
      ...JSON.parse(text),
      data: `${file.data.slice(0, 40)}AAAA${file.data.slice(44)}`,
    });
    await expect(
      restoreBackup({ db: b.db, state: b.state, text: tampered, passphrase: 'backup passphrase' }),
    ).rejects.toMatchObject({ kind: 'integrity' });
    await expect(restoreBackup({ db: b.db, state: b.state, text: '{"hello":1}', passphrase: 'x' })).rejects.toThrow(
      /not a Toolscope backup/,
    );
    expect(await b.db.sessions.count()).toBe(0);

    expect((await restoreBackup({ db: b.db, state: b.state, text, passphrase: 'backup passphrase' })).restored).toBe(2);
    expect((await b.db.sessions.get('s1'))?.title).toBe('Backed up');
    expect((await loadHistory(b.db, 's1')).map((m) => m.id)).toEqual(['m1']);
    // Restoring twice changes nothing; what was restored goes up on the next round.
    expect((await restoreBackup({ db: b.db, state: b.state, text, passphrase: 'backup passphrase' })).restored).toBe(0);
    expect((await b.sync()).uploaded).toBeGreaterThan(0);
  });
});
