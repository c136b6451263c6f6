import { useSyncExternalStore } from 'react';

/**
 * The other version of each session title that lost to a concurrent rename elsewhere, by session id, published
 * by the sync service for the sessions list's "Edited on another device" badge. Engine-free (first page load).
 */
let titles: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();

export function publishTitleConflicts(next: ReadonlyMap<string, string>): void {
  if (next.size === titles.size && [...next].every(([k, v]) => titles.get(k) === v)) return;
  titles = next;
  for (const fn of listeners) fn();
}

export function useOtherTitle(sessionId: string): string | undefined {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => titles.get(sessionId),
  );
}
