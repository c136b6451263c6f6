import { db } from '../db/database';
import { readCollectorConfig } from '../db/collector-repo';
import type { ExportScope } from '../io/session-file/export-sessions';
import { pushTraces } from '../io/otlp/otlp-push';
import { buildTrace } from '../io/otlp/trace-build';
import { useCollectorStatus } from './settings/collector-status';

/**
 * Pushes to the configured collector (architecture.md, "Traces"). Loaded on first use: by "Send to collector", or
 * after a finished run when the automatic push is on. One attempt each; the outcome is shown beside the button.
 */
export async function sendToCollector(sessionId: string, runId?: string): Promise<void> {
  const status = useCollectorStatus.getState();
  const config = await readCollectorConfig(db);
  if (!config.url.trim()) {
    status.set(sessionId, { kind: 'failed', text: 'No collector is set: enter a Collector URL in Settings.' });
    return;
  }
  status.set(sessionId, { kind: 'sending' });
  try {
    const scope: ExportScope = { kind: 'session', sessionId };
    const { traces } = await buildTrace(db, scope, {
      includeContent: config.includeContent,
      ...(runId ? { runId } : {}),
    });
    const result = await pushTraces(config.url, config.headers, traces, { pageOrigin: location.origin });
    status.set(
      sessionId,
      result.ok
        ? {
            kind: 'sent',
            text: `Sent ${result.spans} span${result.spans === 1 ? '' : 's'} to the collector${runId ? ' (the last run)' : ''}.`,
          }
        : { kind: 'failed', text: result.message },
    );
  } catch (err) {
    status.set(sessionId, {
      kind: 'failed',
      text: `The trace could not be built: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
}
