import type { ToolscopeDB } from '../db/database';
import { getSetting, isBoolean, setSetting } from '../db/settings-repo';
import { builtinDefinitions } from './builtins';

const SEEDED_KEY = 'tools.builtinsSeeded';

/**
 * Puts the built-in tools in the tools table once, on first start (the app calls it at boot, so the model has them
 * before the Tools view was ever opened). A flag (not "is the table empty") decides, so a
 * built-in the user deleted stays deleted; a name the user already took is left alone.
 */
export async function seedBuiltinTools(db: ToolscopeDB, now: number = Date.now()): Promise<void> {
  if (await getSetting(db, SEEDED_KEY, isBoolean, false)) return;
  await db.transaction('rw', db.tools, db.settings, async () => {
    for (const def of builtinDefinitions(now)) {
      const taken = await db.tools.where('name').equals(def.name).first();
      if (!taken && !(await db.tools.get(def.id))) await db.tools.add(def);
    }
    await setSetting(db, SEEDED_KEY, true);
  });
}
