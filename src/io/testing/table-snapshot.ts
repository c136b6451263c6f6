import type { ToolscopeDB } from '../../db/database';

/** Every row of every table except secrets, for "nothing changed" assertions. */
export async function snapshot(db: ToolscopeDB): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of db.tables) out[table.name] = await table.toArray();
  return out;
}
