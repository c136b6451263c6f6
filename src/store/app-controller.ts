import { db } from '../db/database';
import { sessionsStoredLive } from '../db/live-sessions';
import { createInSlices, nativeVersionOf } from '../db/create-in-slices';
import { storageBackend } from '../db/storage-backend';
import type { RunController } from './run/run-controller';
import { flushOnHide } from './run/flush-on-hide';
import { useSettingsStore } from './settings/settings-store';
import { useRunStore } from './run/run-store';
import { nextTask } from './next-task';

/**
 * The page's one run controller, made with the first run rather than with the page: it and what it writes with (the
 * persister, the write buffer, run locks) are not on the first screen (architecture.md, "Speed targets": first load).
 * Until then no run exists in this page, so nothing is running, buffered or unsaved.
 */
let controller: RunController | null = null;
let controllerLoading: Promise<RunController> | null = null;

export function loadRunController(): Promise<RunController> {
  controllerLoading ??= Promise.all([import('./run/run-controller'), import('./default-run-deps')]).then(
    ([run, deps]) => (controller = run.createRunController(deps.defaultRunDeps())),
    (err: unknown) => {
      // A chunk that failed to arrive (offline before the service worker cached it): the next Send tries again.
      controllerLoading = null;
      throw err;
    },
  );
  return controllerLoading;
}

/** The run controller if a run has been asked for in this page; null means no run has existed here. */
export function loadedRunController(): RunController | null {
  return controller;
}

let started: Promise<void> | null = null;
let settingsRead: Promise<void> | null = null;

/**
 * Settles once the saved settings are in the store (or failed to load, which is reported). The shell waits for it:
 * the Settings form, Send and the first-visit welcome all start from these values, and a click on a shell drawn
 * earlier would act on defaults that the load then replaces.
 */
function settingsLoaded(): Promise<void> {
  settingsRead ??= useSettingsStore
    .getState()
    .load()
    .catch((err: unknown) => {
      useRunStore.getState().pushSideError({
        sessionId: null,
        error: {
          fault: 'system',
          kind: 'storage',
          message: `Settings could not be loaded from browser storage: ${err instanceof Error ? err.message : String(err)}`,
        },
      });
    });
  return settingsRead;
}

/**
 * Once per page: load settings, then repair sessions a closed or reloaded page left running, then seed the built-in
 * tools. Each step starts in a task of its own (speed-and-tests.md, "Start-up"): the stand-in first screen is on
 * screen meanwhile, and no step joins another into one long task.
 */
export function startApp(): Promise<void> {
  started ??= (async () => {
    if (typeof window !== 'undefined') flushOnHide(window, document, () => controller?.flushAll() ?? Promise.resolve());
    // Built-ins work out of the box: seeded at boot, not when the Tools view first opens. Loaded apart, so the
    // tool modules stay out of the initial bundle; asked for now and used after the repair, so their download runs
    // beside the reads below instead of after them (the shell waits for start-up: architecture.md, "First load").
    const builtins = Promise.all([import('../db/seed-builtins'), import('../tools/builtin-specs')]).catch(() => null);
    // On a first visit the tables are created a few per task (db/create-in-slices.ts); then the database is opened
    // before the first read, so opening and the reads that wait for it run in tasks of their own rather than one
    // long one. A failed open is undone, so the first read opens again and reports the browser's own error.
    if (storageBackend().kind === 'indexeddb' && typeof indexedDB !== 'undefined') {
      await createInSlices(
        indexedDB,
        db.name,
        nativeVersionOf(db),
        db.tables.map((t) => t.schema),
      );
      await nextTask();
    }
    await db.open().then(
      () => undefined,
      () => db.close({ disableAutoOpen: false }),
    );
    await nextTask();
    await settingsLoaded();
    await nextTask();
    // The repair code loads only when a closed page left a session live; most loads have none.
    await sessionsStoredLive(db)
      .then((live) => (live.length > 0 ? import('../db/recover').then((m) => m.recoverInterrupted(db)) : undefined))
      .catch(() => undefined);
    await nextTask();
    await builtins
      .then((loaded) => (loaded ? loaded[0].seedBuiltinTools(db, loaded[1].builtinDefinitions) : undefined))
      .catch(() => undefined);
  })();
  return started;
}
