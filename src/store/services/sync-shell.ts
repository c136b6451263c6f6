import { useSyncExternalStore } from 'react';

/**
 * What the first page load knows of sync, engine-free and tiny: whether the dialog is open (shared by the top
 * bar's button and the one behind "Sessions"), the other title of each session that lost a concurrent rename
 * (published by the service for the list's "Edited on another device" badge).
 */
type Shell = { open: boolean; used: boolean; titles: ReadonlyMap<string, string> };

let shell: Shell = { open: false, used: false, titles: new Map() };
const listeners = new Set<() => void>();

function set(patch: Partial<Shell>): void {
  shell = { ...shell, ...patch };
  for (const fn of listeners) fn();
}

export function useSyncShell<T>(pick: (s: Shell) => T): T {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => pick(shell),
  );
}

export const openSyncDialog = () => set({ open: true, used: true });
export const closeSyncDialog = () => set({ open: false });

export function publishTitleConflicts(titles: ReadonlyMap<string, string>): void {
  if (titles.size !== shell.titles.size || [...titles].some(([k, v]) => shell.titles.get(k) !== v)) set({ titles });
}
