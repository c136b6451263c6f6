import { useRef } from 'react';
import { useModal } from '../shared/use-modal';
import { SyncPanel } from './sync-panel';
import { closeSyncDialog, useSyncShell } from '../../store/sync/sync-shell';

/**
 * The "Sync and backup" dialog (modal, Esc closes it), loaded with the panel and the engine on the first click.
 * Kept once loaded: what was typed survives closing it (credentials are saved only on a connection that worked).
 */
export function SyncDialog() {
  const open = useSyncShell((s) => s.open);
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref, open);
  return (
    <dialog ref={ref} aria-label="Sync and backup" className="settings-dialog sync-dialog" onClose={closeSyncDialog}>
      <SyncPanel onClose={closeSyncDialog} />
    </dialog>
  );
}
