import type { BackupFolderHandle } from '../../sync/backup-folder';
import { folderBackupSupported } from '../../sync/backup-folder';
import type { SyncService, SyncView } from '../../sync/sync-service';

type Picker = (options: { id: string; mode: 'readwrite' }) => Promise<BackupFolderHandle>;

/** The browser's folder picker (Chromium's File System Access API); null where there is none (Firefox, Safari). */
function picker(): Picker | null {
  if (!folderBackupSupported(window)) return null;
  const w = window as unknown as { showDirectoryPicker: Picker };
  return (options) => w.showDirectoryPicker(options);
}

/**
 * "Back up to folder": the first click asks for a folder (the person's own sync tool watches it), later clicks
 * write into the kept one (asking the browser for access again when it wants); "Choose another folder" picks anew.
 * Not shown where the browser cannot pick a folder.
 */
export function FolderBackupButtons({
  service,
  view,
  passphrase,
}: {
  service: SyncService;
  view: SyncView;
  passphrase: string;
}) {
  const pick = picker();
  if (!pick) return null;
  const choose = async () => {
    let handle: BackupFolderHandle;
    try {
      // Called first in the click: the picker needs the click's user activation.
      handle = await pick({ id: 'toolscope-backup', mode: 'readwrite' });
    } catch {
      return; // the person closed the picker
    }
    await service.backupToFolder(passphrase, handle);
  };
  return (
    <>
      <button
        type="button"
        disabled={view.busy}
        onClick={() => void (view.folder ? service.backupToFolder(passphrase) : choose())}
      >
        Back up to folder
      </button>
      {view.folder && (
        <button type="button" disabled={view.busy} onClick={() => void choose()}>
          Choose another folder
        </button>
      )}
    </>
  );
}
