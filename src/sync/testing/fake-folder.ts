import type { BackupFileHandle, BackupFolderHandle, FolderAccess } from '../backup-folder';

/**
 * Test-only: a folder as the File System Access API gives it: a file's new content shows only once its writable is closed
 * (the browser writes a side file and swaps it in), permission as Chromium answers it after a reload.
 */
export class FakeFolder implements BackupFolderHandle {
  readonly kind = 'directory';
  readonly files = new Map<string, string>();
  permission: FolderAccess = 'granted';
  /** What the browser answers when asked (after a click). */
  answer: FolderAccess = 'granted';
  requests = 0;
  gone = false;
  constructor(readonly name: string) {}
  async getFileHandle(name: string, options?: { create?: boolean }): Promise<BackupFileHandle> {
    if (this.gone) throw new DOMException('A requested file or directory could not be found.', 'NotFoundError');
    if (!this.files.has(name) && !options?.create) throw new DOMException('not found', 'NotFoundError');
    return {
      createWritable: async () => {
        let pending = '';
        return {
          write: async (data: string) => void (pending += data),
          close: async () => void this.files.set(name, pending),
        };
      },
      getFile: async () => ({ text: async () => this.files.get(name) ?? '' }),
    };
  }
  async queryPermission(): Promise<FolderAccess> {
    return this.permission;
  }
  async requestPermission(): Promise<FolderAccess> {
    this.requests++;
    this.permission = this.answer;
    return this.answer;
  }
}
