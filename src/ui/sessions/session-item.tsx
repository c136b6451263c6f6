import { useState, type FormEvent } from 'react';
import type { SessionRecord } from '../../domain/session';
import { removeSession, renameSessionTitle } from '../../store/session/session-actions';
import { useSessionStatus } from '../../store/session/session-status';
import { useUiStore } from '../../store/ui-store';
import { DEFAULT_TITLE } from '../data/session/session-reads';
import { statusLabel } from './status-label';
import { TitleConflictBadge } from '../sync/title-conflict-badge';

function relativeTime(ms: number, now: number): string {
  const diff = now - ms;
  if (diff < 60_000) return 'just now';
  if (diff < 3_600_000) return `${Math.floor(diff / 60_000)} min ago`;
  if (diff < 86_400_000) return `${Math.floor(diff / 3_600_000)} h ago`;
  return new Date(ms).toLocaleDateString();
}

/** `now` comes from the list's clock, so "just now" turns into "3 min ago" while the page stays open. */
export function SessionItem({ session, current, now }: { session: SessionRecord; current: boolean; now: number }) {
  const select = useUiStore((s) => s.selectSession);
  const status = useSessionStatus(session);
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(session.title);
  const [note, setNote] = useState<string | null>(null);
  // Shown as "Untitled session" so the list never holds a second button named "New session".
  const shownTitle = session.title === DEFAULT_TITLE ? 'Untitled session' : session.title;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void renameSessionTitle(session.id, title).then(() => setEditing(false));
  };

  const remove = () => {
    void removeSession(session).then((r) => {
      if (r === 'running') setNote('Stop the run before deleting this session.');
      else if (r === 'running_elsewhere')
        setNote('Its run is live in another tab; stop it there before deleting this session.');
    });
  };

  return (
    <li className="session-item" data-current={current} data-session-id={session.id}>
      {editing ? (
        <form onSubmit={submit} className="field-row">
          <input
            aria-label="Session title"
            value={title}
            autoFocus
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setTitle(session.title);
                setEditing(false);
              }
            }}
          />
          <button type="submit">Save</button>
        </form>
      ) : (
        <button
          type="button"
          className="session-open"
          onClick={() => select(session.id)}
          aria-current={current ? 'page' : undefined}
        >
          {shownTitle}
        </button>
      )}
      <TitleConflictBadge sessionId={session.id} />
      <div className="session-meta">
        <span className={`status status-${status}`}>{statusLabel(status)}</span>
        <span>{relativeTime(session.updatedAt, Math.max(now, session.updatedAt))}</span>
      </div>
      {!editing && (
        <div className="session-actions">
          <button
            type="button"
            aria-label={`Rename ${shownTitle}`}
            onClick={() => {
              setTitle(session.title);
              setEditing(true);
            }}
          >
            Rename
          </button>
          <button type="button" className="danger" aria-label={`Delete ${shownTitle}`} onClick={remove}>
            Delete
          </button>
        </div>
      )}
      {note && (
        <p className="hint" role="status">
          {note}
        </p>
      )}
    </li>
  );
}
