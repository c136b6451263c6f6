import { compactSessionNow, type ManualCompactionResult } from '../../context/manual-compaction';
import { db } from '../../db/database';
import { loadHistory } from '../../db/messages-repo';
import { createPersister } from '../../db/persister';
import { acquireRunLock } from '../../db/run-lock';
import { getSession } from '../../db/sessions-repo';
import { currentBaseURL, endpointWire, openEndpoint } from '../settings/endpoint-door';
import { nextRequestParts } from '../../context/next-request-parts';

/** "Compact now" with the page's real storage and endpoint. */
export function compactSession(sessionId: string, signal: AbortSignal): Promise<ManualCompactionResult> {
  return compactSessionNow(
    sessionId,
    {
      getSession: (id) => getSession(db, id),
      loadHistory: (id) => loadHistory(db, id),
      // The endpoint Settings point at, through the door, in the session's own API; the SDK (or the demo model) loads
      // with the compaction's request, not with the page.
      openEndpoint: (session) => openEndpoint({ wire: endpointWire(currentBaseURL(), session) }),
      requestParts: (session) => nextRequestParts(session.id, session.settings),
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
