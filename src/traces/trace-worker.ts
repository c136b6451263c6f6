/** The trace worker: listing, reading, decompressing, merging and opening traces happen here, off the page's thread. */
import { db } from '../db/database';
import { createTraceJobs } from './trace-jobs';
import type { FromTraceWorker, ToTraceWorker } from './trace-protocol';

// Typed by hand: the project compiles against the DOM lib, and pulling in the webworker lib would change globals everywhere.
const scope = self as unknown as {
  postMessage(message: FromTraceWorker): void;
  onmessage: ((event: MessageEvent<ToTraceWorker>) => void) | null;
};

const jobs = createTraceJobs(db);

scope.onmessage = async (event: MessageEvent<ToTraceWorker>) => {
  const msg = event.data;
  switch (msg.type) {
    case 'check': {
      const outcome = await jobs.check(msg.sourceId, msg.files, (progress) => scope.postMessage({ id: msg.id, type: 'progress', progress }));
      scope.postMessage({ id: msg.id, type: 'checked', outcome });
      return;
    }
    case 'open':
      scope.postMessage({ id: msg.id, type: 'opened', outcome: await jobs.open(msg.sourceId, msg.traceId) });
      return;
    case 'query':
      scope.postMessage({ id: msg.id, type: 'rows', result: await jobs.query(msg.sourceId, msg.query) });
  }
};
