import { compactSessionNow, type ManualCompactionResult } from '../../context/manual-compaction';
import { db } from '../../db/database';
import { loadHistory } from '../../db/messages-repo';
import { createPersister } from '../../db/persister';
import { acquireRunLock } from '../../db/run-lock';
import { getSession } from '../../db/sessions-repo';
import { modelClientFor } from '../settings/endpoint-door';
import { apiKeyStore, useSettingsStore } from '../settings/settings-store';
import { nextRequestParts } from '../../context/next-request-parts';

/** "Compact now" with the page's real storage, key and endpoint. */
export function compactSession(sessionId: string, signal: AbortSignal): Promise<ManualCompactionResult> {
  return compactSessionNow(
    sessionId,
    {
      getSession: (id) => getSession(db, id),
      loadHistory: (id) => loadHistory(db, id),
      getApiKey: () => apiKeyStore.getKey(),
      getBaseURL: () => useSettingsStore.getState().baseURL,
      // The SDK (or the demo model) loads on first use (a compaction request), not with the page.
      createModelClient: (opts) => modelClientFor(opts),
      requestParts: (session) => nextRequestParts(session.id, session.settings.systemPrompt ?? ''),
      createPersister: (id) => {
        const p = createPersister(db, id);
        return { emit: p, flush: () => p.close() };
      },
      acquireRunLock: (id) => acquireRunLock(id),
      newId: () => crypto.randomUUID(),
      now: () => Date.now(),
    },
    signal,
  );
}
