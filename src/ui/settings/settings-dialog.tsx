import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useModal } from '../shared/use-modal';
import type { SessionRecord } from '../../domain/session';
import { currentBaseURL, savedKeyFor } from '../../store/settings/endpoint-door';
import { useUiStore } from '../../store/ui-store';
import { readSession } from '../data/session/session-reads';
import { messageBox, refocusIfLost } from '../shared/focus-fallback';

// The form (and the model-list cache) loads with the first open, not with the page (architecture.md, "Speed targets").
const SettingsPanel = lazy(() => import('./settings-panel').then((m) => ({ default: m.SettingsPanel })));

type Loaded = { key: string; session: SessionRecord | null };

/** A modal dialog; the form mounts fresh on each open so it starts from what is saved. */
export function SettingsDialog() {
  const open = useUiStore((s) => s.settingsOpen);
  const close = useUiStore((s) => s.closeSettings);
  const sessionId = useUiStore((s) => s.currentSessionId);
  const notice = useUiStore((s) => s.settingsNotice);
  const ref = useRef<HTMLDialogElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!open) {
      setLoaded(null);
      return;
    }
    let live = true;
    void Promise.all([savedKeyFor(currentBaseURL()), sessionId ? readSession(sessionId) : null]).then(
      ([key, session]) => {
        if (live) setLoaded({ key, session: session ?? null });
      },
    );
    return () => {
      live = false;
    };
  }, [open, sessionId]);

  useModal(ref, open);

  return (
    <dialog
      ref={ref}
      aria-label="Settings"
      onClose={() => {
        close();
        // Opened without an opener (the first visit opens it by itself) the browser has nowhere to put the cursor
        // back: the Message box, where the next step is, or else the Settings button.
        refocusIfLost(messageBox(), document.querySelector<HTMLElement>('.settings-button'));
      }}
      className="settings-dialog"
    >
      {notice && (
        <p className="warning" role="status">
          {notice}
        </p>
      )}
      {loaded && (
        <Suspense fallback={<p className="empty">Loading…</p>}>
          <SettingsPanel initialKey={loaded.key} session={loaded.session} onDone={close} />
        </Suspense>
      )}
    </dialog>
  );
}
