import { useEffect, useState } from 'react';
import { sessionRef } from '../../domain/app-address';
import { newSession } from '../../store/session/session-actions';
import { useUiStore } from '../../store/ui-store';
import { useHasTestRuns, useSessionSearch } from '../data/session/use-session-search';
import { SessionItem } from './session-item';
import { UndoToastView } from './undo-toast';
import { ExportButton } from '../io/export-button';
import { ImportButton } from '../io/import-button';
import { SendToCollectorButton } from '../io/send-to-collector-button';
import { SyncButton } from '../sync/sync-button';

export function SessionsSidebar() {
  const [query, setQuery] = useState('');
  const [testRuns, setTestRuns] = useState(false);
  const sessions = useSessionSearch(query, testRuns);
  const hasTestRuns = useHasTestRuns();
  const current = useUiStore((s) => s.currentSessionId);
  // One clock for the whole list: the "5 min ago" labels move on even when no session changes.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <nav className="sidebar" aria-label="Sessions">
      <button type="button" onClick={() => newSession({ focusComposer: true })}>
        New session
      </button>
      <div className="sidebar-io">
        <ExportButton />
        <ImportButton />
        <SendToCollectorButton />
        <SyncButton placement="sessions" />
        <button
          type="button"
          onClick={() =>
            useUiStore
              .getState()
              .openOverlay({ kind: 'compare', a: current === null ? null : sessionRef(current), b: null })
          }
        >
          Compare
        </button>
      </div>
      <input
        type="search"
        aria-label="Search sessions"
        placeholder="Search sessions"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {(hasTestRuns || testRuns) && (
        <label className="sidebar-filter">
          <input type="checkbox" checked={testRuns} onChange={(e) => setTestRuns(e.target.checked)} /> Show test runs
        </label>
      )}
      {sessions === undefined ? null : sessions.length === 0 ? (
        <p className="hint">{query ? 'No session matches.' : 'No sessions yet.'}</p>
      ) : (
        <ul className="session-list" aria-label="Sessions list">
          {sessions.map((s) => (
            <SessionItem key={s.id} session={s} current={s.id === current} now={now} />
          ))}
        </ul>
      )}
      <UndoToastView />
    </nav>
  );
}
