import type { ToolscopeDB } from './database';

/** Reads a setting; `guard` rejects values of the wrong shape (e.g. written by an older version) for the fallback. */
export async function getSetting<T>(
  db: ToolscopeDB,
  key: string,
  guard: (v: unknown) => v is T,
  fallback: T,
): Promise<T> {
  const rec = await db.settings.get(key);
  return rec !== undefined && guard(rec.value) ? rec.value : fallback;
}

export async function setSetting(db: ToolscopeDB, key: string, value: unknown): Promise<void> {
  await db.settings.put({ key, value });
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
