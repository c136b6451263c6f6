import { lazy, Suspense, useEffect } from 'react';
import { startSyncWhenIdle } from '../../store/sync/sync-background-start';
import { openSyncDialog, useSyncShell } from '../../store/sync/sync-shell';

// The dialog, the panel and the whole sync engine load on first open: they stay out of the first page load.
const SyncDialog = lazy(() => import('./sync-dialog').then((m) => ({ default: m.SyncDialog })));

/**
 * "Sync and backup". The top bar's button (`placement="top"`) also holds the dialog once opened; the one in the
 * sessions list (`placement="sessions"`) is what narrow screens show, behind "Sessions" (the CSS shows one).
 */
export function SyncButton({ placement = 'top' }: { placement?: 'top' | 'sessions' }) {
  const used = useSyncShell((s) => s.used && placement === 'top');
  useEffect(() => {
    if (placement === 'top') startSyncWhenIdle();
  }, [placement]);
  return (
    <>
      <button type="button" className={`sync-button sync-button-${placement}`} onClick={openSyncDialog}>
        Sync and backup
      </button>
      {used && (
        <Suspense fallback={null}>
          <SyncDialog />
        </Suspense>
      )}
    </>
  );
}
