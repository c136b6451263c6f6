import { useSyncShell } from '../../store/sync/sync-shell';

/** Beside a session's title: it was renamed on another device at the same time; the other title stays viewable. */
export function TitleConflictBadge({ sessionId }: { sessionId: string }) {
  const other = useSyncShell((s) => s.titles.get(sessionId));
  return other === undefined ? null : (
    <details className="sync-badge">
      <summary>Edited on another device</summary>
      <p>Other version: “{other}”</p>
    </details>
  );
}
