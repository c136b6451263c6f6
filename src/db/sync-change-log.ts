import type { DBCore, DBCoreTransaction, Middleware } from 'dexie';

/**
 * The outbox's feed (architecture.md, "Sync and backup"): while sync is on for this database, every transaction
 * that writes a synced table also writes, in the same IndexedDB transaction, one `syncChanges` row per record it
 * touched ({ k: [table, primary key], t: a fresh token, at: when }). An aborted write leaves no row; a row outlives
 * a closed page. Sync reads the rows, stamps those records with the time they were written (not the time a round
 * got to them: which device's round runs first must not decide delete against edit), and deletes only rows whose
 * token is still the one it read, so a write during a round is kept for the next.
 */
const CHANGE_TABLE = 'syncChanges';
const CHANGE_TRACKED: ReadonlySet<string> = new Set([
  'sessions',
  'messages',
  'toolCalls',
  'runs',
  'events',
  'toolSets',
  'tools',
  'memories',
]);

/** `at`: the write's wall-clock ms (absent in rows logged before it was kept, and in rows sync logs anew). */
export type ChangeRow = { k: [string, unknown]; t: number; at?: number };

/** The table of a log row that stands for "some records of table (its key) went, unnamed". */
export const RANGE_MARK = '*';

/** Whether sync is on for a database, and the token of the round that last read everything (localStorage in the page). */
export type SyncFlag = { get(): string | null; set(value: string): void };

export function storedSyncFlag(key: string): SyncFlag {
  let memory: string | null = null;
  const ls = (): Storage | null => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  };
  return {
    get: () => (ls() ? ls()!.getItem(key) : memory),
    set: (value) => {
      memory = value;
      ls()?.setItem(key, value);
    },
  };
}

export function changeLog(flag: SyncFlag): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'SyncChangeLog',
    level: 1,
    create(down) {
      const logged = new WeakSet<DBCoreTransaction>();
      return {
        ...down,
        transaction(stores, mode, options) {
          const log =
            mode === 'readwrite' &&
            !stores.includes(CHANGE_TABLE) &&
            stores.some((s) => CHANGE_TRACKED.has(s)) &&
            flag.get() !== null;
          const trans = down.transaction(log ? [...stores, CHANGE_TABLE] : stores, mode, options);
          if (log) logged.add(trans);
          return trans;
        },
        table(name) {
          const table = down.table(name);
          if (!CHANGE_TRACKED.has(name)) return table;
          return {
            ...table,
            // Synchronous on purpose: Dexie's lower layers read its transaction zone, which an await would leave.
            mutate(req) {
              if (logged.has(req.trans)) {
                const keys =
                  req.type === 'deleteRange'
                    ? null
                    : req.type === 'delete'
                      ? req.keys
                      : (req.keys ?? req.values.map((v: unknown) => table.schema.primaryKey.extractKey!(v)));
                // A range delete (clear) names no keys: its mark makes sync compare everything once.
                const at = Date.now();
                const values: ChangeRow[] = keys
                  ? keys.map((key) => ({ k: [name, key], t: Math.random(), at }))
                  : [{ k: [RANGE_MARK, name], t: Math.random(), at }];
                if (values.length > 0) void down.table(CHANGE_TABLE).mutate({ type: 'put', trans: req.trans, values });
              }
              return table.mutate(req);
            },
          };
        },
      };
    },
  };
}
