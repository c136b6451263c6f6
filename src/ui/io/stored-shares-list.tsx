import { useState } from 'react';
import { stopStoredShare } from '../data/share/stored-shares-data';
import { describeStoredShare, type StoredShareRow } from '../data/share/stored-share-rows';

/** What "Stop sharing" last did: a sentence for a status line, or one for an alert. */
export type StopOutcome = { kind: 'done' | 'failed'; text: string; shareId: string };

const STOPPED_TEXT = 'Stopped sharing: the session was removed from your storage. Its link now says so.';

/** "Stop sharing" with its progress: the list and whoever shows its outcome share this state. */
export function useStopSharing(onStopped?: (shareId: string) => void) {
  const [stopping, setStopping] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<StopOutcome | null>(null);
  const stop = async (shareId: string) => {
    setStopping(shareId);
    setOutcome(null);
    try {
      await stopStoredShare(shareId);
      setOutcome({ kind: 'done', text: STOPPED_TEXT, shareId });
      onStopped?.(shareId);
    } catch (e) {
      setOutcome({ kind: 'failed', text: e instanceof Error ? e.message : String(e), shareId });
    } finally {
      setStopping(null);
    }
  };
  return { stopping, outcome, setOutcome, stop };
}

type Props = {
  rows: StoredShareRow[];
  labelId: string;
  /** Lead each item with its session's title (a list spanning sessions). */
  withTitle: boolean;
  /** Say which storage each lies on. */
  withWhere: boolean;
  stopping: string | null;
  onStop: (shareId: string) => void;
};

/**
 * A list of this device's stored share links (architecture.md, "Share links"), each with "Stop sharing" until it
 * was removed. Used by the "Share link" dialog (one session) and the "Sync and backup" panel (every session).
 */
export function StoredSharesList({ rows, labelId, withTitle, withWhere, stopping, onStop }: Props) {
  return (
    <ul aria-labelledby={labelId} className="share-stored-list">
      {rows.map((r) => (
        <li key={r.id}>
          <span>{describeStoredShare(r, { withTitle, withWhere })}</span>{' '}
          {r.removedAt === undefined && (
            <button type="button" disabled={stopping !== null} onClick={() => onStop(r.id)}>
              Stop sharing
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
