import { useEffect } from 'react';
import { undoDelete, useUndoStore } from '../../store/session-actions';

export function UndoToastView() {
  const toast = useUndoStore((s) => s.toast);
  const clear = useUndoStore((s) => s.set);

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
      <button type="button" onClick={() => void undoDelete(toast)}>Undo</button>
    </div>
  );
}
