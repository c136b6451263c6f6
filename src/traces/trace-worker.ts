/** The trace worker: listing, reading, decompressing, merging and opening traces happen here, off the page's thread. */
import { db } from '../db/database';
import { createTraceJobs } from './trace-jobs';
import type { FromTraceWorker, ToTraceWorker } from './trace-protocol';
import type { FolderFile } from './trace-source-access';

// Typed by hand: the project compiles against the DOM lib, and pulling in the webworker lib would change globals everywhere.
const scope = self as unknown as {
  postMessage(message: FromTraceWorker): void;
  onmessage: ((event: MessageEvent<ToTraceWorker>) => void) | null;
};

const jobs = createTraceJobs(db);
const staged = new Map<number, FolderFile[]>();

scope.onmessage = async (event: MessageEvent<ToTraceWorker>) => {
  const msg = event.data;
  switch (msg.type) {
    case 'stage':
      staged.set(msg.staged, [...(staged.get(msg.staged) ?? []), ...msg.files]);
      scope.postMessage({ id: msg.id, type: 'staged' });
      return;
    case 'check': {
      const files = msg.staged === undefined ? undefined : staged.get(msg.staged);
      if (msg.staged !== undefined) staged.delete(msg.staged);
      const outcome = await jobs.check(msg.sourceId, files, (progress) =>
        scope.postMessage({ id: msg.id, type: 'progress', progress }),
      );
      scope.postMessage({ id: msg.id, type: 'checked', outcome });
      return;
    }
    case 'open':
      scope.postMessage({ id: msg.id, type: 'opened', outcome: await jobs.open(msg.sourceId, msg.traceId) });
      return;
    case 'query':
      scope.postMessage({ id: msg.id, type: 'matched', result: await jobs.query(msg.sourceId, msg.query) });
      return;
    case 'window':
      scope.postMessage({
        id: msg.id,
        type: 'rows',
        window: jobs.window(msg.sourceId, msg.version, msg.start, msg.end),
      });
  }
};
