import { useEffect, type RefObject } from 'react';

/**
 * Shows a <dialog> as modal or closes it, whichever `open` says; true when it changed. The one place the UI opens
 * a dialog as modal: it is drawn in the top layer, traps the focus and gives it back to its opener on close.
 */
export function setModal(dialog: HTMLDialogElement | null, open: boolean): boolean {
  if (dialog === null || dialog.open === open) return false;
  if (open) dialog.showModal();
  else dialog.close();
  return true;
}

/**
 * The dialog behind `ref` is modal while `open` (by default from its first render until it unmounts); `afterClose`
 * runs when this hook closed it (a dialog whose opener may be gone sends the focus somewhere sensible).
 */
export function useModal(ref: RefObject<HTMLDialogElement | null>, open = true, afterClose?: () => void): void {
  useEffect(() => {
    if (setModal(ref.current, open) && !open) afterClose?.();
    // afterClose is read when `open` changes, not a reason to run again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, open]);
}
