import {
  COMPOSER_PLACEHOLDER,
  DEMO_OFFER_TEXT,
  DEMO_READY_TEXT,
  DROP_HINT,
  READY_TEXT,
  WELCOME_TEXT,
  type FirstScreenKind,
} from '../chat/first-screen-text';

/**
 * What the page paints first, before the app's code (Dexie, the stores) has loaded and before any IndexedDB work
 * (speed-and-tests.md, "Start-up"): the app's frame and its first screen as the last load showed it, in the app's own
 * classes, so the real shell replaces it without moving anything. Its controls are pictures of the real ones (inert,
 * hidden from assistive technology, no names tests or people could reach): nothing typed or clicked here can be
 * lost when the real shell takes over. Only the heading and the paragraphs are read out, with the page marked busy.
 * A session address draws no first screen: the session's messages come with the app.
 */
const VIEWS = ['Chat', 'Timeline', 'Tools', 'Tests', 'Traces', 'Memories'];

/** A picture of one of the real shell's buttons: same classes and size, out of reach of clicks, focus and AT. */
function Picture({ className, children }: { className?: string; children: string }) {
  return (
    <button type="button" className={className} aria-hidden="true" inert tabIndex={-1}>
      {children}
    </button>
  );
}

export function StartingShell({ kind, home }: { kind: FirstScreenKind; home: boolean }) {
  return (
    <div className="app" aria-busy="true">
      <div className="sessions-drawer" data-open="false">
        <div className="sidebar" />
      </div>
      <div className="main">
        <header className="top-bar">
          <Picture className="drawer-toggle">Sessions</Picture>
          <h1 className="brand">Toolscope</h1>
          <div className="view-nav" aria-hidden="true" inert>
            <div className="tab-bar tab-bar-standin">
              {VIEWS.map((v, i) => (
                <button key={v} type="button" role="tab" aria-selected={i === 0} tabIndex={-1}>
                  {v}
                </button>
              ))}
            </div>
            <div className="more-views more-views-standin">
              <Picture className="more-views-button">More</Picture>
            </div>
          </div>
          <Picture className="sync-button sync-button-top">Sync and backup</Picture>
          <Picture className="settings-button">Settings</Picture>
        </header>
        <main className="views">
          <div className="panel">
            <section className="chat">
              {home ? <FirstScreenStandIn kind={kind} /> : <div className="message-list empty" />}
              <div className="composer" aria-hidden="true" inert>
                <textarea rows={2} placeholder={COMPOSER_PLACEHOLDER} disabled tabIndex={-1} />
                {/* The welcome's "Open settings" is the view's one primary action; Send is, everywhere else. */}
                <button
                  type="button"
                  className={home && kind === 'welcome' ? undefined : 'primary'}
                  disabled
                  tabIndex={-1}
                >
                  Send
                </button>
                <button type="button" disabled tabIndex={-1}>
                  Stop
                </button>
              </div>
            </section>
          </div>
        </main>
      </div>
      {/* What index.html's start-up note said, for screen readers: the page is not ready for input yet. */}
      <p className="visually-hidden" role="status">
        Starting Toolscope…
      </p>
    </div>
  );
}

function FirstScreenStandIn({ kind }: { kind: FirstScreenKind }) {
  return (
    <div className="message-list empty first-screen">
      {kind === 'welcome' ? (
        <>
          <p>{WELCOME_TEXT}</p>
          <p>{DEMO_OFFER_TEXT}</p>
        </>
      ) : (
        <p>{kind === 'demo' ? DEMO_READY_TEXT : READY_TEXT}</p>
      )}
      <div className="first-actions" aria-hidden="true" inert>
        {kind === 'welcome' && (
          <>
            <button type="button" className="primary" disabled tabIndex={-1}>
              Open settings
            </button>
            <button type="button" disabled tabIndex={-1}>
              Try the demo
            </button>
          </>
        )}
        <button type="button" disabled tabIndex={-1}>
          Open a file
        </button>
      </div>
      <p className="hint">{DROP_HINT}</p>
    </div>
  );
}
