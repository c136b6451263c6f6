import { bytesReceivedText } from '../../domain/bytes-received';
import type { LiveToolProgress } from '../../store/run/live-run';

/** Lines shown live on the card; the whole (bounded) log is under "Logs" once the call has its result. */
const LIVE_LINES = 200;

/**
 * A running tool's console lines and bytes received, as they arrive (architecture.md, "Live tool progress"). The run
 * store applies events once per animation frame and the loop throttles them, so a chatty tool cannot flood this.
 */
export function ToolLiveProgress({ progress }: { progress: LiveToolProgress }) {
  const lines = progress.logs.slice(-LIVE_LINES);
  return (
    <div className="tool-live-progress">
      {progress.bytesReceived !== undefined && (
        <p className="hint" role="status" aria-label="Bytes received">
          {bytesReceivedText(progress.bytesReceived, progress.bytesTotal)}
        </p>
      )}
      {lines.length > 0 && (
        <pre role="log" aria-label="Live output" tabIndex={0}>
          {lines.map((l) => `[${l.level}] ${l.text}`).join('\n')}
        </pre>
      )}
    </div>
  );
}
