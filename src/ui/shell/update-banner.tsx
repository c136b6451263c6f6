import { useSyncExternalStore } from 'react';
import { useRunStore } from '../../store/run/run-store';
import { applyUpdate, subscribeUpdate, updateReady } from './app-update';

/** "Reload to update", held back while a run of this tab is going: a reload would cut the run off. */
export function UpdateBanner() {
  const ready = useSyncExternalStore(subscribeUpdate, updateReady, () => false);
  const running = useRunStore((s) => Object.values(s.runs).some((r) => !r.ended));
  if (!ready) return null;
  return (
    <div className="update-banner" role="status">
      <span>A new version of Toolscope is ready.</span>
      <button
        type="button"
        onClick={applyUpdate}
        disabled={running}
        aria-describedby={running ? 'update-wait' : undefined}
      >
        Reload to update
      </button>
      {running && (
        <span id="update-wait" className="hint">
          Available when the run ends.
        </span>
      )}
    </div>
  );
}
