import { db } from '../db/database';
import { recoverInterrupted } from '../db/recover';
import { createRunController } from './run/run-controller';
import { flushOnHide } from './run/flush-on-hide';
import { defaultRunDeps } from './default-run-deps';
import { useSettingsStore } from './settings/settings-store';
import { useRunStore } from './run/run-store';

/** The page's one run controller. */
export const runController = createRunController(defaultRunDeps());

let started: Promise<void> | null = null;
let settingsRead: Promise<void> | null = null;

/**
 * Settles once the saved settings are in the store (or failed to load, which is reported). The shell waits for it:
 * the Settings form, Send and the first-visit welcome all start from these values, and a click on a shell drawn
 * earlier would act on defaults that the load then replaces.
 */
export function settingsLoaded(): Promise<void> {
  settingsRead ??= useSettingsStore.getState().load().catch((err: unknown) => {
    useRunStore.getState().pushSideError({
      sessionId: null,
      error: { fault: 'system', kind: 'storage', message: `Settings could not be loaded from browser storage: ${err instanceof Error ? err.message : String(err)}` },
    });
  });
  return settingsRead;
}

/** Once per page: load settings, then repair sessions a closed or reloaded page left running. */
export function startApp(): Promise<void> {
  started ??= (async () => {
    if (typeof window !== 'undefined') flushOnHide(window, document, () => runController.flushAll());
    await settingsLoaded();
    await recoverInterrupted(db).catch(() => undefined);
    // Built-ins work out of the box: seeded at boot, not when the Tools view first opens. Loaded apart, so the
    // tool modules stay out of the initial bundle.
    await Promise.all([import('../db/seed-builtins'), import('../tools/builtin-specs')])
      .then(([{ seedBuiltinTools }, { builtinDefinitions }]) => seedBuiltinTools(db, builtinDefinitions))
      .catch(() => undefined);
  })();
  return started;
}
