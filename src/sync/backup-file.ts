import type { ToolscopeDB } from '../db/database';
import { applyMerged } from './apply-merged';
import { stampLocal } from './collect-local';
import { mergeChange, type Change, type Entity } from './entity-merge';
import { receive } from './hlc';
import { decodeBlob, encodeBlob } from './segment-codec';
import { addToOutbox, saveMeta, type SyncStateDB } from './sync-state-db';
import {
  createVault,
  fromBase64,
  openVault,
  toBase64,
  VaultError,
  type VaultFile,
  type VaultKey,
} from './vault-crypto';

/**
 * Backup without a server (architecture.md, "Sync and backup"): the same encrypted snapshot format as on the
 * storage, in a file with the vault it is sealed for. Restoring merges it by the same rules as a sync round.
 */
const BACKUP_FORMAT = 'toolscope-sync-backup';

type BackupFile = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: number;
  vault: VaultFile;
  path: string;
  data: string;
};

type Ctx = { db: ToolscopeDB; state: SyncStateDB; now?: () => number };

/** The file's text. Sealed for the connected vault, or for a new one made from `passphrase` when none is. */
export async function writeBackup(
  o: Ctx & { vault?: { file: VaultFile; key: VaultKey }; passphrase?: string },
): Promise<string> {
  const now = (o.now ?? Date.now)();
  const vault = o.vault ?? (o.passphrase !== undefined ? await createVault(o.passphrase) : null);
  if (vault === null)
    throw new VaultError('format', 'Enter a sync passphrase (or connect storage) to seal the backup with.');
  const { meta, rows } = await stampLocal(o.db, o.state, now);
  await rows.loadAll();
  const path = `backup/${meta.deviceId}-${now}`;
  const entities = [...rows.rows.values()].map((r) => [r.k, r.e] as [string, Entity]);
  const sealed = await encodeBlob(vault.key, path, {
    format: 1,
    kind: 'snap',
    device: meta.deviceId,
    seq: meta.ownSeq,
    frontier: { ...meta.seen },
    entities,
  });
  const file: BackupFile = {
    format: BACKUP_FORMAT,
    version: 1,
    createdAt: now,
    vault: vault.file,
    path,
    data: toBase64(sealed),
  };
  return JSON.stringify(file);
}

export function backupFileName(now: number): string {
  return `toolscope-backup-${new Date(now).toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`;
}

/** Merges a backup into this device. A wrong passphrase or a changed file is refused before anything is written. */
export async function restoreBackup(o: Ctx & { text: string; passphrase: string }): Promise<{ restored: number }> {
  let file: Partial<BackupFile>;
  try {
    file = JSON.parse(o.text) as Partial<BackupFile>;
  } catch {
    throw new VaultError('format', 'This file is not a Toolscope backup (it is not JSON).');
  }
  if (
    file.format !== BACKUP_FORMAT ||
    file.version !== 1 ||
    !file.vault ||
    typeof file.path !== 'string' ||
    typeof file.data !== 'string'
  ) {
    throw new VaultError('format', 'This file is not a Toolscope backup: use a file made with "Back up to file".');
  }
  const key = await openVault(file.vault, o.passphrase);
  const body = await decodeBlob(key, file.path, fromBase64(file.data));
  if (body.kind !== 'snap') throw new VaultError('integrity', 'The backup holds no snapshot; nothing was restored.');
  const { meta, rows: loaded } = await stampLocal(o.db, o.state, (o.now ?? Date.now)());
  await loaded.loadAll();
  const rows = loaded.rows;
  const entities = new Map<string, Entity>([...rows].map(([k, r]) => [k, r.e]));
  const touched = new Set<string>();
  const toSend: Change[] = [];
  for (const [k, e] of body.entities) {
    for (const [field, values] of Object.entries(e.f)) {
      for (const s of values) {
        const c: Change = { k, f: { [field]: s } };
        const r = mergeChange(entities.get(k), c);
        if (!r.changed) continue;
        entities.set(k, r.entity);
        touched.add(k);
        toSend.push(c);
        meta.clock = receive(meta.clock, s.h);
      }
    }
  }
  // What the file brought goes to the storage too, on the next round.
  await addToOutbox(o.state, toSend);
  await saveMeta(o.state, meta);
  await applyMerged(o.db, o.state, rows, entities, touched, meta);
  return { restored: [...touched].filter((k) => !k.startsWith('events/')).length };
}
