import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// The panel and the whole sync engine load on first open: they stay out of the first page load.
const SyncPanel = lazy(() => import('./sync-panel').then((m) => ({ default: m.SyncPanel })));

/** "Sync and backup": opens the panel in a modal dialog (Esc closes it). */
export function SyncButton() {
  const [open, setOpen] = useState(false);
  // Loaded on first open, then kept: what was typed survives closing the panel (credentials are saved only on a connection that worked).
  const [used, setUsed] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <>
      <button type="button" className="sync-button" onClick={() => {
          setUsed(true);
          setOpen(true);
        }}>
        Sync and backup
      </button>
      <dialog ref={ref} aria-label="Sync and backup" className="settings-dialog sync-dialog" onClose={() => setOpen(false)}>
        {used && (
          <Suspense fallback={<p className="empty">Loading…</p>}>
            <SyncPanel onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </dialog>
    </>
  );
}
