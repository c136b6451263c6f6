/** The import worker: a big file is read, parsed, validated and written here so the page never freezes. */
import { db } from '../../db/database';
import { createImportJob } from './import-job';
import type { FromImportWorker, ToImportWorker } from './import-protocol';

// Typed by hand: the project compiles against the DOM lib, and pulling in the webworker lib would change globals everywhere.
const scope = self as unknown as {
  postMessage(message: FromImportWorker): void;
  onmessage: ((event: MessageEvent<ToImportWorker>) => void) | null;
};
const post = (message: FromImportWorker) => scope.postMessage(message);

const job = createImportJob(db, (phase, done, total) => post({ type: 'progress', phase, done, total }));

scope.onmessage = async (event: MessageEvent<ToImportWorker>) => {
  const msg = event.data;
  if (msg.type === 'check') post({ type: 'checked', result: await job.check(msg.files) });
  else if (msg.type === 'commit') post({ type: 'done', outcome: await job.commit(msg.choices) });
};
