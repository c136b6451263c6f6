import { isDemoBaseURL, keyOptional } from '../../llm/known-providers';
import { tryDemo } from '../../store/session/demo-actions';
import { useSettingsStore } from '../../store/settings/settings-store';
import { useUiStore } from '../../store/ui-store';
import { IMPORT_KINDS, useImportState } from '../io/import-state';

/**
 * The chat before any session: what to do first. Without a key, three ways in: Settings, the demo model (no key, no
 * network) and a file (a sessions file or a trace someone sent); dropping a file works everywhere, and it says so.
 */
export function FirstScreen() {
  const hasKey = useSettingsStore((s) => s.hasKey || keyOptional(s.baseURL));
  const demo = useSettingsStore((s) => isDemoBaseURL(s.baseURL));
  const loaded = useSettingsStore((s) => s.loaded);
  const openSettings = useUiStore((s) => s.openSettings);
  const openPicker = useImportState((s) => s.openPicker);
  const openFile = (
    <button type="button" onClick={() => openPicker?.()} disabled={!openPicker}>
      Open a file
    </button>
  );
  return (
    <div className="message-list empty first-screen">
      {loaded && !hasKey ? (
        <>
          <p>Welcome to Toolscope. To start, add your API key and choose an endpoint and model. The key stays in this browser.</p>
          <p>No key yet? Try the demo: a scripted model that runs in this page, with the real tools, approvals, timeline and export.</p>
          <div className="first-actions">
            <button type="button" className="primary" onClick={() => openSettings()}>Open settings</button>
            <button type="button" onClick={() => void tryDemo()}>Try the demo</button>
            {openFile}
          </div>
        </>
      ) : (
        <>
          <p>
            {demo
              ? 'Type a message to start a new session with the demo model (in this page). To use a real model, open Settings.'
              : 'Type a message to start a new session.'}
          </p>
          <div className="first-actions">{openFile}</div>
        </>
      )}
      <p className="hint">Or drop a file anywhere on this page to open it: {IMPORT_KINDS}.</p>
    </div>
  );
}
