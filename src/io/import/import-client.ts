import { storageBackend } from '../../db/storage-backend';
import type { ImportOutcome } from './import-file';
import type { ImportChoices } from './import-plan';
import type { CheckedImport, FromImportWorker, ImportPhase, ToImportWorker } from './import-protocol';

export type ImportProgress = { phase: ImportPhase; done: number; total: number };

export type ImportClient = {
  check(files: File[]): Promise<CheckedImport>;
  commit(choices: ImportChoices): Promise<ImportOutcome>;
  dispose(): void;
};

/**
 * The page's handle on one import. Work happens in a module worker; where none can be made (tests, old
 * browsers) the same job runs on the main thread. One request at a time: the dialog awaits each step.
 */
export function createImportClient(onProgress: (p: ImportProgress) => void): ImportClient {
  // A worker would write to its own database; with the in-memory fallback only the page's copy is the app's.
  if (storageBackend().kind === 'memory') return inPageClient(onProgress);
  let w: Worker;
  try {
    w = new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module', name: 'toolscope-import' });
  } catch {
    return inPageClient(onProgress);
  }

  let pending: { resolve: (m: FromImportWorker) => void; reject: (e: Error) => void } | null = null;
  w.onmessage = (event: MessageEvent<FromImportWorker>) => {
    const msg = event.data;
    if (msg.type === 'progress') onProgress({ phase: msg.phase, done: msg.done, total: msg.total });
    else pending?.resolve(msg);
  };
  w.onerror = (event) => {
    event.preventDefault();
    pending?.reject(new Error(event.message || 'The import worker failed to start.'));
  };
  const ask = (msg: ToImportWorker) =>
    new Promise<FromImportWorker>((resolve, reject) => {
      pending = { resolve, reject };
      w.postMessage(msg);
    });

  return {
    async check(files) {
      try {
        const reply = await ask({ type: 'check', files });
        if (reply.type === 'checked') return reply.result;
        return { ok: false, failure: { stage: 'read', message: 'The import worker answered out of turn.' } };
      } catch (err) {
        return { ok: false, failure: { stage: 'read', message: err instanceof Error ? err.message : String(err) } };
      }
    },
    async commit(choices) {
      try {
        const reply = await ask({ type: 'commit', choices });
        if (reply.type === 'done') return reply.outcome;
        return { ok: false, failure: { stage: 'write', message: 'The import worker answered out of turn.' } };
      } catch (err) {
        return { ok: false, failure: { stage: 'write', message: err instanceof Error ? err.message : String(err) } };
      }
    },
    dispose() {
      w.terminate();
    },
  };
}

function inPageClient(onProgress: (p: ImportProgress) => void): ImportClient {
  const job = Promise.all([import('../../db/database'), import('./import-job')]).then(([{ db }, { createImportJob }]) =>
    createImportJob(db, (phase, done, total) => onProgress({ phase, done, total })),
  );
  return {
    check: async (files) => (await job).check(files),
    commit: async (choices) => (await job).commit(choices),
    dispose: () => {},
  };
}
