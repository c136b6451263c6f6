import { useSyncExternalStore } from 'react';

/**
 * Whether the "Sync and backup" dialog is open, shared by its two buttons (the top bar's on wide screens, the one
 * behind "Sessions" on narrow ones) and the one dialog. Tiny and engine-free: it is part of the first page load.
 */
let state = { open: false, used: false };
const listeners = new Set<() => void>();

function set(next: typeof state): void {
  state = next;
  for (const fn of listeners) fn();
}

export function openSyncDialog(): void {
  set({ open: true, used: true });
}

export function closeSyncDialog(): void {
  if (state.open) set({ ...state, open: false });
}

export function useSyncDialogState(): { open: boolean; used: boolean } {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => state,
  );
}
