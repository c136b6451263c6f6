import type { ToolscopeDB } from '../db/database';
import { restoreBackup, writeBackup, backupFileName } from './backup-file';
import { FolderBackup, type BackupFolderHandle, type FolderBackupView } from './backup-folder';
import { listConflicts, type SyncConflict } from './conflicts';
import { connectVault } from './connect-vault';
import {
  loadStorageConfig,
  makeStore,
  saveStorageConfig,
  storageKind,
  storageUrl,
  type StorageConfig,
} from './storage-config';
import { syncRound } from './sync-round';
import { toProblem, type SyncProblem } from './sync-problem';
import { loadMeta, loadVaultKey, saveMeta, saveVaultKey, type SyncStateDB } from './sync-state-db';
import { parseVault, type VaultKey } from './vault-crypto';
import { VAULT_PATH } from './vault-layout';

export type SyncView = {
  storage: { kind: StorageConfig['kind']; url: string } | null;
  connected: boolean;
  busy: boolean;
  progress: { done: number; total: number } | null;
  /** The last thing that happened, in words. */
  message: string;
  problem: SyncProblem | null;
  lastSyncAt: number | null;
  pending: number;
  deviceId: string;
  devices: string[];
  conflicts: SyncConflict[];
  /** navigator.storage.persisted(): false means the browser may clear this data. */
  persisted: boolean | null;
  /** Rounds finished (well or not) in this page: lets a test or a screen reader tell one round from the next. */
  rounds: number;
  /** Records the last round wrote into the app's tables. */
  received: number;
  /** The folder backups go to after each round ("Back up to folder"), or null. */
  folder: FolderBackupView | null;
};

const BACKGROUND_MS = 30_000;
const LOCK = 'toolscope-sync';

/**
 * Sync for the page: the connection, rounds (one tab at a time with Web Locks; in the background at most every
 * 30 s and on focus), backup and restore. Framework-free; the panel subscribes to `view`.
 */
export class SyncService {
  private view: SyncView = {
    storage: null,
    connected: false,
    busy: false,
    progress: null,
    message: 'Not connected.',
    problem: null,
    lastSyncAt: null,
    pending: 0,
    deviceId: '',
    devices: [],
    conflicts: [],
    persisted: null,
    rounds: 0,
    received: 0,
    folder: null,
  };
  private readonly listeners = new Set<() => void>();
  private config: StorageConfig | null = null;
  private key: VaultKey | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private readonly folder: FolderBackup;

  constructor(
    private readonly db: ToolscopeDB,
    private readonly state: SyncStateDB,
    private readonly origin: string,
  ) {
    this.folder = new FolderBackup(state, (folder) => this.set({ folder }));
  }

  get current(): SyncView {
    return this.view;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private set(patch: Partial<SyncView>): void {
    this.view = { ...this.view, ...patch };
    for (const fn of this.listeners) fn();
  }

  /** Picks up a connection made earlier on this device and starts background rounds. */
  async init(): Promise<void> {
    const [config, key, meta] = await Promise.all([
      loadStorageConfig(this.db),
      loadVaultKey(this.state),
      loadMeta(this.state),
      this.folder.load().catch(() => undefined),
    ]);
    this.config = config;
    this.key = config ? key : null;
    this.set({
      storage: config ? { kind: config.kind, url: storageUrl(config) } : null,
      connected: this.key !== null,
      deviceId: meta.deviceId,
      lastSyncAt: meta.lastSyncAt,
      pending: await this.state.outbox.count(),
      conflicts: await listConflicts(this.state),
      persisted: await persisted(),
      message: this.key ? 'Connected.' : 'Not connected.',
    });
    if (this.key) {
      this.startBackground();
      // A reloaded page catches up at once, not 30 s later.
      void this.syncNow();
    }
  }

  /** Opens (or makes) the vault; on success keeps the credentials on this device and runs a first round. */
  async connect(config: StorageConfig, passphrase: string): Promise<void> {
    this.set({ busy: true, problem: null, message: 'Connecting…' });
    try {
      const store = makeStore(config);
      const { key, created } = await connectVault(store, passphrase);
      const vaultBytes = await store.get(VAULT_PATH);
      const meta = await loadMeta(this.state);
      if (vaultBytes) meta.vault = parseVault(vaultBytes);
      await saveMeta(this.state, meta);
      await saveVaultKey(this.state, key);
      await saveStorageConfig(this.db, config);
      this.config = config;
      this.key = key;
      this.set({
        storage: { kind: config.kind, url: storageUrl(config) },
        connected: true,
        message: created ? 'Made a new vault on the storage.' : 'Opened the vault on the storage.',
      });
      await navigator.storage?.persist?.().catch(() => false);
      this.set({ persisted: await persisted(), busy: false });
      this.startBackground();
      await this.syncNow();
    } catch (e) {
      this.set({ busy: false, problem: toProblem(e, config.kind, this.origin), message: 'Not connected.' });
    }
  }

  /** One round now, unless one runs here or in another tab. */
  syncNow(): Promise<void> {
    if (this.running) return this.running;
    this.running = this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    const config = this.config;
    const key = this.key;
    if (!config || !key) return;
    const run = async () => {
      this.set({ busy: true, progress: null, problem: null, message: 'Syncing…' });
      try {
        const report = await syncRound({
          db: this.db,
          state: this.state,
          store: makeStore(config),
          key,
          onProgress: (done, total) => this.set({ progress: { done, total } }),
        });
        // The folder gets the round's state before the round is told over; a folder problem does not fail the round.
        const folderFailed = await this.folder
          .afterRound(report.applied + report.uploaded > 0, () => this.sealedBackup())
          .then(
            () => null,
            (e: unknown) => toProblem(e, storageKind(config), this.origin),
          );
        const meta = await loadMeta(this.state);
        this.set({
          busy: false,
          progress: null,
          lastSyncAt: meta.lastSyncAt,
          pending: report.pending,
          devices: report.devices,
          conflicts: await listConflicts(this.state),
          message: `Synced: ${report.applied} received, ${report.uploaded} sent.`,
          received: report.applied,
          rounds: this.view.rounds + 1,
          problem: folderFailed,
        });
      } catch (e) {
        const pending = await this.state.outbox.count().catch(() => this.view.pending);
        this.set({
          busy: false,
          progress: null,
          pending,
          problem: toProblem(e, storageKind(config), this.origin),
          message: stoppedText(pending),
          received: 0,
          rounds: this.view.rounds + 1,
        });
      }
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (locks) await locks.request(LOCK, { ifAvailable: true }, async (lock) => (lock ? run() : undefined));
    else await run();
  }

  private startBackground(): void {
    if (this.timer !== null || typeof window === 'undefined') return;
    this.timer = setInterval(() => void this.syncNow(), BACKGROUND_MS);
    window.addEventListener('focus', () => void this.syncNow());
  }

  /** The sealed backup's text: for the connected vault, or for `passphrase` when not connected (none: refused). */
  private async sealedBackup(passphrase?: string): Promise<string> {
    const meta = await loadMeta(this.state);
    const vault = this.key && meta.vault ? { file: meta.vault, key: this.key } : undefined;
    return writeBackup({ db: this.db, state: this.state, vault, passphrase: vault ? undefined : passphrase });
  }

  /**
   * "Back up to folder": into `picked` (a folder just chosen, then kept on the device), or into the kept folder,
   * asking the browser for access again when it wants (this runs from the person's click).
   */
  async backupToFolder(passphrase: string, picked?: BackupFolderHandle): Promise<void> {
    this.set({ busy: true, problem: null, message: 'Writing the backup to the folder…' });
    try {
      if (picked) await this.folder.choose(picked, () => this.sealedBackup(passphrase));
      else await this.folder.writeNow(() => this.sealedBackup(passphrase));
      this.set({ busy: false, message: `Backed up to the folder “${this.folder.view?.name ?? ''}”.` });
    } catch (e) {
      this.set({
        busy: false,
        problem: toProblem(e, this.config?.kind ?? 'webdav', this.origin),
        message: 'No backup written to the folder.',
      });
    }
  }

  /** The backup file's name and text; sealed for the connected vault, or for `passphrase` when not connected. */
  async backup(passphrase: string): Promise<{ name: string; text: string } | null> {
    this.set({ busy: true, problem: null, message: 'Writing the backup…' });
    try {
      const text = await this.sealedBackup(passphrase);
      this.set({ busy: false, message: 'Backup written.' });
      return { name: backupFileName(Date.now()), text };
    } catch (e) {
      this.set({
        busy: false,
        problem: toProblem(e, this.config?.kind ?? 'webdav', this.origin),
        message: 'No backup written.',
      });
      return null;
    }
  }

  async restore(text: string, passphrase: string): Promise<void> {
    this.set({ busy: true, problem: null, message: 'Restoring…' });
    try {
      const { restored } = await restoreBackup({ db: this.db, state: this.state, text, passphrase });
      this.set({
        busy: false,
        message: `Restored ${restored} records from the file.`,
        conflicts: await listConflicts(this.state),
      });
      if (this.key) void this.syncNow();
    } catch (e) {
      this.set({
        busy: false,
        problem: toProblem(e, this.config?.kind ?? 'webdav', this.origin),
        message: 'Nothing restored.',
      });
    }
  }
}

/**
 * A round that stopped: local changes were stamped into the outbox before any request (architecture.md, "Sync and
 * backup"), so they are still there, and the person is told they wait and when they go.
 */
export function stoppedText(pending: number): string {
  const next = `the next round (Sync now, or on its own within ${BACKGROUND_MS / 1000} s)`;
  if (pending === 0) return `Sync stopped; ${next} tries again.`;
  return `Sync stopped. Nothing is lost: ${pending === 1 ? '1 change waits' : `${pending} changes wait`} on this device for ${next}.`;
}

async function persisted(): Promise<boolean | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.persisted) return null;
  return navigator.storage.persisted().catch(() => null);
}
