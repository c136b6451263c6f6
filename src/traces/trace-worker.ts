/** The trace worker: listing, reading, decompressing, merging and opening traces happen here, off the page's thread. */
import { db } from '../db/database';
import { runCheck, runOpen } from './trace-jobs';
import type { FromTraceWorker, ToTraceWorker } from './trace-protocol';

// Typed by hand: the project compiles against the DOM lib, and pulling in the webworker lib would change globals everywhere.
const scope = self as unknown as {
  postMessage(message: FromTraceWorker): void;
  onmessage: ((event: MessageEvent<ToTraceWorker>) => void) | null;
};

scope.onmessage = async (event: MessageEvent<ToTraceWorker>) => {
  const msg = event.data;
  if (msg.type === 'check') {
    const outcome = await runCheck(db, msg.sourceId, msg.files, (progress) => scope.postMessage({ id: msg.id, type: 'progress', progress }));
    scope.postMessage({ id: msg.id, type: 'checked', outcome });
  } else scope.postMessage({ id: msg.id, type: 'opened', outcome: await runOpen(db, msg.sourceId, msg.traceId) });
};
