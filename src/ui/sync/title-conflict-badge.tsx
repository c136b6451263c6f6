import { useOtherTitle } from './conflict-feed';

/** Beside a session's title: it was renamed on another device at the same time; the other title stays viewable. */
export function TitleConflictBadge({ sessionId }: { sessionId: string }) {
  const other = useOtherTitle(sessionId);
  if (other === undefined) return null;
  return (
    <details className="sync-badge">
      <summary>Edited on another device</summary>
      <p>Other version: “{other}”</p>
    </details>
  );
}
