import type { SyncStateDB } from './sync-state-db';

/**
 * Backup into a folder the person's own sync tool watches (architecture.md, "Sync and backup"): where the browser
 * has the File System Access API (Chromium's `showDirectoryPicker`), the same sealed backup file as "Back up to
 * file" is written into a chosen folder after each sync round and on demand. The folder's handle is kept on the
 * device (sync's own database: IndexedDB stores handles as they are); after a reload the browser may want the
 * person's permission again, which only a click can give.
 */
export type FolderAccess = 'granted' | 'denied' | 'prompt';

/** What the backup needs of a FileSystemDirectoryHandle (the origin-private file system's root is one too). */
export interface BackupFolderHandle {
  readonly kind: 'directory';
  readonly name: string;
  getFileHandle(name: string, options?: { create?: boolean }): Promise<BackupFileHandle>;
  /** Chromium's permission methods; absent where the browser always grants (the origin-private file system). */
  queryPermission?(descriptor: { mode: 'readwrite' }): Promise<FolderAccess>;
  requestPermission?(descriptor: { mode: 'readwrite' }): Promise<FolderAccess>;
}

export interface BackupFileHandle {
  createWritable(): Promise<{ write(data: string): Promise<void>; close(): Promise<void> }>;
  getFile(): Promise<{ text(): Promise<string> }>;
}

/** One fixed name: the folder holds the newest backup, which the person's sync tool carries to their other devices. */
export const FOLDER_BACKUP_NAME = 'toolscope-backup.json';

const HANDLE_KEY = 'backupFolder';

export type FolderBackupView = { name: string; access: FolderAccess; lastWrittenAt: number | null };

type FolderBackupErrorKind = 'permission' | 'write' | 'none';

export class FolderBackupError extends Error {
  override readonly name = 'FolderBackupError';
  constructor(
    readonly kind: FolderBackupErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Whether this browser can pick a folder (Chromium); Firefox and Safari cannot, and the button is not shown there. */
export function folderBackupSupported(scope: object = globalThis): boolean {
  return 'showDirectoryPicker' in scope;
}

async function access(handle: BackupFolderHandle, ask: boolean): Promise<FolderAccess> {
  const now = (await handle.queryPermission?.({ mode: 'readwrite' })) ?? 'granted';
  if (now === 'granted' || !ask || !handle.requestPermission) return now;
  return handle.requestPermission({ mode: 'readwrite' });
}

/** Writes `text` as the folder's backup file. The browser writes to a side file and swaps it in on close: never torn. */
async function writeFolderBackup(handle: BackupFolderHandle, text: string): Promise<void> {
  try {
    const file = await handle.getFileHandle(FOLDER_BACKUP_NAME, { create: true });
    const w = await file.createWritable();
    await w.write(text);
    await w.close();
  } catch (e) {
    throw new FolderBackupError(
      'write',
      `Could not write ${FOLDER_BACKUP_NAME} into the folder “${handle.name}”: ${e instanceof Error ? e.message : String(e)}. Choose another folder.`,
    );
  }
}

/**
 * The device's backup folder: chosen once, written after each round while the browser still grants access, and
 * on demand (a click, which may ask for access again). `backupText` makes the sealed file's text.
 */
export class FolderBackup {
  private handle: BackupFolderHandle | null = null;
  private current: FolderBackupView | null = null;

  constructor(
    private readonly state: SyncStateDB,
    private readonly onChange: (view: FolderBackupView | null) => void,
    private readonly now: () => number = Date.now,
  ) {}

  get view(): FolderBackupView | null {
    return this.current;
  }

  private set(view: FolderBackupView | null): void {
    this.current = view;
    this.onChange(view);
  }

  /** Picks up the folder kept on this device; asks nothing (no click to ask with). */
  async load(): Promise<void> {
    const row = await this.state.meta.get(HANDLE_KEY);
    const kept = row?.value as { handle: BackupFolderHandle; lastWrittenAt: number | null } | undefined;
    if (!kept) return;
    this.handle = kept.handle;
    this.set({ name: kept.handle.name, access: await access(kept.handle, false), lastWrittenAt: kept.lastWrittenAt });
  }

  /** A folder the person just picked: kept on the device and written at once. */
  async choose(handle: BackupFolderHandle, backupText: () => Promise<string>): Promise<void> {
    this.handle = handle;
    this.set({ name: handle.name, access: 'granted', lastWrittenAt: null });
    await this.keep(null);
    await this.write(true, backupText);
  }

  /** "Back up to folder" with a folder kept: asks for access again when the browser wants it (the click allows that). */
  async writeNow(backupText: () => Promise<string>): Promise<void> {
    if (!this.handle)
      throw new FolderBackupError('none', 'No folder chosen yet: use “Back up to folder” to choose one.');
    await this.write(true, backupText);
  }

  /**
   * After a sync round: written when the round moved something (or the folder has no backup yet), and only while
   * access is granted; otherwise the folder waits for a click. A quiet round writes nothing (rounds run every 30 s).
   */
  async afterRound(changed: boolean, backupText: () => Promise<string>): Promise<boolean> {
    if (!this.handle) return false;
    if (!changed && this.current?.lastWrittenAt != null) return false;
    return this.write(false, backupText);
  }

  private async write(ask: boolean, backupText: () => Promise<string>): Promise<boolean> {
    const handle = this.handle;
    if (!handle) return false;
    const granted = await access(handle, ask);
    if (granted !== 'granted') {
      this.set({ name: handle.name, access: granted, lastWrittenAt: this.current?.lastWrittenAt ?? null });
      if (!ask) return false;
      throw new FolderBackupError(
        'permission',
        `The browser did not allow writing into the folder “${handle.name}”: nothing was written there. ` +
          `Use “Back up to folder” and allow it, or choose another folder.`,
      );
    }
    await writeFolderBackup(handle, await backupText());
    const at = this.now();
    this.set({ name: handle.name, access: 'granted', lastWrittenAt: at });
    await this.keep(at);
    return true;
  }

  private async keep(lastWrittenAt: number | null): Promise<void> {
    if (this.handle) await this.state.meta.put({ key: HANDLE_KEY, value: { handle: this.handle, lastWrittenAt } });
  }
}
