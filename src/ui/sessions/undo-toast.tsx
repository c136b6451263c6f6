import { useEffect, useRef } from 'react';
import { undoDelete, useUndoStore } from '../../store/session/session-actions';

export function UndoToastView() {
  const toast = useUndoStore((s) => s.toast);
  const clear = useUndoStore((s) => s.set);
  const undoButton = useRef<HTMLButtonElement>(null);

  // Deleting from the keyboard removes the focused Delete button with its row (now or when the list
  // catches up), dropping focus to the page; Undo is the natural next stop. Focus elsewhere is left alone.
  const toastId = toast?.id;
  const deletedId = toast?.handle.sessionId;
  useEffect(() => {
    if (toastId === undefined) return;
    const active = document.activeElement;
    const inDeletedRow = active?.closest('.session-item')?.getAttribute('data-session-id') === deletedId;
    if (!active || active === document.body || inDeletedRow) undoButton.current?.focus();
  }, [toastId, deletedId]);

  useEffect(() => {
    if (!toast) return;
    const wait = Math.max(0, toast.handle.expiresAt - Date.now());
    const timer = setTimeout(() => {
      toast.handle.dispose();
      if (useUndoStore.getState().toast?.id === toast.id) clear(null);
    }, wait);
    return () => clearTimeout(timer);
  }, [toast, clear]);

  if (!toast) return null;
  return (
    <div className="toast" role="status">
      <span>Deleted “{toast.title}”.</span>
      <button ref={undoButton} type="button" onClick={() => void undoDelete(toast)}>
        Undo
      </button>
    </div>
  );
}
