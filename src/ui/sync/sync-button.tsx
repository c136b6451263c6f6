import { lazy, Suspense, useEffect, useRef } from 'react';
import { closeSyncDialog, openSyncDialog, useSyncDialogState } from './sync-open';
import { startSyncIfConnected } from './sync-resume';

// The panel and the whole sync engine load on first open: they stay out of the first page load.
const SyncPanel = lazy(() => import('./sync-panel').then((m) => ({ default: m.SyncPanel })));

/**
 * "Sync and backup". The top bar's button (`placement="top"`) also holds the dialog (modal, Esc closes it); the
 * one in the sessions list (`placement="sessions"`) is what narrow screens show, behind "Sessions" (the CSS shows
 * one of the two).
 */
export function SyncButton({ placement = 'top' }: { placement?: 'top' | 'sessions' }) {
  const { open, used } = useSyncDialogState();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  useEffect(() => {
    if (placement === 'top') startSyncIfConnected();
  }, [placement]);
  const button = (
    <button type="button" className={`sync-button sync-button-${placement}`} onClick={openSyncDialog}>
      Sync and backup
    </button>
  );
  if (placement === 'sessions') return button;
  return (
    <>
      {button}
      {/* Loaded on first open, then kept: what was typed survives closing the panel (credentials are saved only on a connection that worked). */}
      <dialog ref={ref} aria-label="Sync and backup" className="settings-dialog sync-dialog" onClose={closeSyncDialog}>
        {used && (
          <Suspense fallback={<p className="empty">Loading…</p>}>
            <SyncPanel onClose={closeSyncDialog} />
          </Suspense>
        )}
      </dialog>
    </>
  );
}
