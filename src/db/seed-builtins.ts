import type { ToolscopeDB } from './database';
import { flattenTool, type FlatToolDefinition, type ToolDefinition } from '../domain/tool-definition';
import { getSetting, isBoolean, isNumber, setSetting } from './settings-repo';

const SEEDED_KEY = 'tools.builtinsSeeded';
/** Which built-in defaults stored rows have been brought to. 2: fetch_url needs approval. */
const DEFAULTS_KEY = 'tools.builtinDefaultsVersion';
const DEFAULTS_VERSION = 2;

/**
 * Puts the built-in tools in the tools table once, on first start (the app calls it at boot, so the model has them
 * before the Tools view was ever opened). A flag (not "is the table empty") decides, so a
 * built-in the user deleted stays deleted; a name the user already took is left alone.
 *
 * Rows seeded by an earlier version get a changed default once, and only when the person never changed the tool:
 * a row that still matches what that version wrote (its on/off switch aside) takes the new default; any other row
 * keeps the person's choice, and so does every row after this has run.
 *
 * `builtinsAt(now)` gives the built-ins' definitions as this version seeds them (tools/builtins.ts); the store
 * passes it in, so db/ never imports the tools.
 */
export async function seedBuiltinTools(
  db: ToolscopeDB,
  builtinsAt: (now: number) => readonly ToolDefinition[],
  now: number = Date.now(),
): Promise<void> {
  const seeded = await getSetting(db, SEEDED_KEY, isBoolean, false);
  if (seeded && (await getSetting(db, DEFAULTS_KEY, isNumber, 1)) >= DEFAULTS_VERSION) return;
  await db.transaction('rw', db.tools, db.settings, async () => {
    for (const def of builtinsAt(now).map(flattenTool)) {
      if (!seeded) {
        const taken = await db.tools.where('name').equals(def.name).first();
        if (!taken && !(await db.tools.get(def.id))) await db.tools.add(def);
        continue;
      }
      const stored = await db.tools.get(def.id);
      if (stored && def.needsApproval && !stored.needsApproval && untouched(stored, def)) {
        await db.tools.put({ ...stored, needsApproval: true, updatedAt: now });
      }
    }
    await setSetting(db, SEEDED_KEY, true);
    await setSetting(db, DEFAULTS_KEY, DEFAULTS_VERSION);
  });
}

/** The stored built-in is what version 1 seeded: every field the editor sets, except the on/off switch, as written then. */
function untouched(stored: FlatToolDefinition, current: FlatToolDefinition): boolean {
  const asSeeded = (d: FlatToolDefinition) =>
    JSON.stringify([
      d.name,
      d.description,
      d.parameters,
      d.kind,
      d.code,
      d.http,
      d.builtinId,
      d.allowedOrigins,
      d.timeoutMs,
      d.allowPrivateAddresses ?? false,
    ]);
  return asSeeded(stored) === asSeeded(current);
}
