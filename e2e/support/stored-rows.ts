/**
 * What IndexedDB really holds, read and written with the raw IndexedDB API in the page (not the app's Dexie, so
 * a bug in the app's reading code cannot hide a bug in its writing code).
 */
import type { Page } from '@playwright/test';

/** The database name from src/db/database.ts (DB_NAME). */
export const DB_NAME = 'toolscope';

export type Row = Record<string, unknown>;
export type SessionRows = {
  session: Row | undefined;
  messages: Row[];
  toolCalls: Row[];
  runs: Row[];
  events: Row[];
};

/** Every row of the given stores, read in one read-only transaction (of the app's database unless `database` names another). */
export async function readStores(
  page: Page,
  stores: string[],
  database: string = DB_NAME,
): Promise<Record<string, Row[]>> {
  return page.evaluate(
    async ({ name, stores }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('open failed'));
      });
      try {
        const tx = db.transaction(stores, 'readonly');
        const out: Record<string, unknown[]> = {};
        await Promise.all(
          stores.map(
            (s) =>
              new Promise<void>((resolve, reject) => {
                const req = tx.objectStore(s).getAll();
                req.onsuccess = () => {
                  out[s] = req.result as unknown[];
                  resolve();
                };
                req.onerror = () => reject(req.error ?? new Error(`read ${s} failed`));
              }),
          ),
        );
        return out as Record<string, Record<string, unknown>[]>;
      } finally {
        db.close();
      }
    },
    { name: database, stores },
  );
}

/** One session's rows; messages sorted by `order`. */
export async function readSession(page: Page, sessionId: string): Promise<SessionRows> {
  const all = await readStores(page, ['sessions', 'messages', 'toolCalls', 'runs', 'events']);
  const mine = (rows: Row[] | undefined) => (rows ?? []).filter((r) => r.sessionId === sessionId);
  return {
    session: (all.sessions ?? []).find((s) => s.id === sessionId),
    messages: mine(all.messages).sort((a, b) => Number(a.order) - Number(b.order)),
    toolCalls: mine(all.toolCalls),
    runs: mine(all.runs),
    events: mine(all.events),
  };
}

/** Writes rows straight into a store (e.g. a tool definition), as an earlier page would have. */
export async function putRows(page: Page, store: string, rows: Row[]): Promise<void> {
  await page.evaluate(
    async ({ name, store, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error('open failed'));
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(store, 'readwrite');
          for (const r of rows) tx.objectStore(store).put(r);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        });
      } finally {
        db.close();
      }
    },
    { name: DB_NAME, store, rows },
  );
}

const IMPORT_STORES = ['sessions', 'messages', 'toolCalls', 'runs', 'events', 'tools', 'memories'];

/** Every row of every store an import may write, keyed by store; sorted so order is not compared. */
export async function dbSnapshot(page: Page): Promise<Record<string, string[]>> {
  const all = await readStores(page, IMPORT_STORES);
  return Object.fromEntries(Object.entries(all).map(([k, rows]) => [k, rows.map((r) => JSON.stringify(r)).sort()]));
}

/**
 * What a sandbox escape would touch, read from IndexedDB directly: the remembered API key (secrets, one row per
 * endpoint keyed 'apiKey:<base URL>', as src/db/endpoint-keys.ts stores it) and the number of tools and sessions.
 */
export async function storedAppState(page: Page): Promise<{ apiKey: unknown; tools: number; sessions: number }> {
  const stores = await readStores(page, ['secrets', 'tools', 'sessions']);
  return {
    apiKey: (stores.secrets ?? []).find((r) => typeof r.key === 'string' && r.key.startsWith('apiKey:'))?.value,
    tools: (stores.tools ?? []).length,
    sessions: (stores.sessions ?? []).length,
  };
}
