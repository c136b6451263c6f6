import { useEffect } from 'react';
import { endpointReady, isDemoBaseURL } from '../../llm/known-providers';
import { tryDemo } from '../../store/session/demo-actions';
import { useSettingsStore } from '../../store/settings/settings-store';
import { useUiStore } from '../../store/ui-store';
import { useImportState } from '../shared/import-state';
import { writeFirstScreenHint } from '../shell/first-screen-hint';
import { primaryClass, usePrimaryClaim } from '../shared/primary-action';
import { DEMO_OFFER_TEXT, DEMO_READY_TEXT, DROP_HINT, READY_TEXT, WELCOME_TEXT } from './first-screen-text';

/** Whether the chat before any session shows the welcome (no key yet): its "Open settings" is then the view's primary. */
function useWelcomeShown(): boolean {
  return useSettingsStore((s) => s.loaded && !endpointReady(s.baseURL, s.hasKey));
}

/**
 * The chat before any session: what to do first. Without a key, three ways in: Settings, the demo model (no key, no
 * network) and a file (a sessions file or a trace someone sent); dropping a file works everywhere, and it says so.
 */
export function FirstScreen() {
  const welcome = useWelcomeShown();
  const demo = useSettingsStore((s) => isDemoBaseURL(s.baseURL));
  const loaded = useSettingsStore((s) => s.loaded);
  // The welcome's "Open settings" is the view's one primary; Send steps down while it shows.
  const primary = usePrimaryClaim(welcome);
  const openSettings = useUiStore((s) => s.openSettings);
  // The next load's start-up stand-in draws this same screen before the settings are read (speed-and-tests.md, "Start-up").
  useEffect(() => {
    if (loaded) writeFirstScreenHint(welcome ? 'welcome' : demo ? 'demo' : 'ready');
  }, [loaded, welcome, demo]);
  const openFile = (
    // Read when clicked, not subscribed to: the picker is registered while the shell mounts, and a subscription
    // re-rendered this screen synchronously inside the first mount's effects (speed-and-tests.md, "Start-up").
    <button type="button" onClick={() => useImportState.getState().openPicker?.()}>
      Open a file
    </button>
  );
  return (
    <div className="message-list empty first-screen">
      {welcome ? (
        <>
          <p>{WELCOME_TEXT}</p>
          <p>{DEMO_OFFER_TEXT}</p>
          <div className="first-actions">
            <button type="button" className={primaryClass(primary)} onClick={() => openSettings()}>
              Open settings
            </button>
            <button type="button" onClick={() => void tryDemo()}>
              Try the demo
            </button>
            {openFile}
          </div>
        </>
      ) : (
        <>
          <p>{demo ? DEMO_READY_TEXT : READY_TEXT}</p>
          <div className="first-actions">{openFile}</div>
        </>
      )}
      <p className="hint">{DROP_HINT}</p>
    </div>
  );
}
