import { create } from 'zustand';

/**
 * What the first page load knows of sync, engine-free and tiny: whether the dialog is open (shared by the top
 * bar's button and the one behind "Sessions"), the other title of each session that lost a concurrent rename
 * (published by the service for the list's "Edited on another device" badge). A store like the others, changed
 * only through the actions below.
 */
type Shell = { open: boolean; used: boolean; titles: ReadonlyMap<string, string> };

export const useSyncShell = create<Shell>(() => ({ open: false, used: false, titles: new Map() }));

export const openSyncDialog = () => useSyncShell.setState({ open: true, used: true });
export const closeSyncDialog = () => useSyncShell.setState({ open: false });

export function publishTitleConflicts(titles: ReadonlyMap<string, string>): void {
  const shown = useSyncShell.getState().titles;
  if (titles.size !== shown.size || [...titles].some(([k, v]) => shown.get(k) !== v)) useSyncShell.setState({ titles });
}
