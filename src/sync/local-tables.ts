import type { ToolscopeDB } from '../db/database';
import { isLiveStatus, isOwnSession } from '../domain/session';
import { readTableInPages } from './paged-read';

/**
 * The app's tables sync carries and how a record is named in it. The allowlist is the export's: secrets,
 * settings (the API key's neighbours) and MCP servers (their headers) stay home (architecture.md, "Sync and backup").
 * A session's live status is this device's business, so it is not synced either.
 */
const SYNCED_TABLES = ['sessions', 'messages', 'toolCalls', 'runs', 'events', 'toolSets', 'tools', 'memories'] as const;
export type SyncedTable = (typeof SYNCED_TABLES)[number];

/**
 * Tables whose records belong to one session (their `sessionId`): they live and die with it. A session's tool sets
 * (architecture.md, "Offered tool sets") go with it, so a synced step can be re-run with the tools it offered.
 */
export const SESSION_OWNED: ReadonlySet<string> = new Set<SyncedTable>([
  'messages',
  'toolCalls',
  'runs',
  'events',
  'toolSets',
]);

const LOCAL_ONLY: Partial<Record<SyncedTable, readonly string[]>> = { sessions: ['status'] };

export type LocalRecord = Record<string, unknown>;

export function localOnlyFields(table: SyncedTable): readonly string[] {
  return LOCAL_ONLY[table] ?? [];
}

/** The entity key: table and primary key. */
function entityKey(table: SyncedTable, r: LocalRecord): string {
  switch (table) {
    case 'toolCalls':
      return `toolCalls/${String(r.messageId)}|${String(r.id)}`;
    case 'events':
      return `events/${String(r.runId)}|${String(r.seq)}`;
    case 'toolSets':
      return `toolSets/${String(r.sessionId)}|${String(r.hash)}`;
    default:
      return `${table}/${String(r.id)}`;
  }
}

export function primaryKeyOf(table: SyncedTable, key: string): string | [string, string] | [string, number] {
  const rest = key.slice(table.length + 1);
  if (table === 'toolCalls' || table === 'toolSets') {
    const i = rest.lastIndexOf('|');
    return [rest.slice(0, i), rest.slice(i + 1)];
  }
  if (table === 'events') {
    const i = rest.lastIndexOf('|');
    return [rest.slice(0, i), Number(rest.slice(i + 1))];
  }
  return rest;
}

export function isSyncedTable(t: string): t is SyncedTable {
  return (SYNCED_TABLES as readonly string[]).includes(t);
}

function table(db: ToolscopeDB, t: SyncedTable) {
  return db[t] as unknown as import('dexie').Table<LocalRecord, unknown>;
}

/**
 * Every synced record on this device, by entity key, without its local-only fields. Read in pages (paged-read.ts):
 * a first sync of thousands of records never holds the page's main thread for one big read.
 */
export async function readLocal(db: ToolscopeDB): Promise<Map<string, LocalRecord>> {
  const out = new Map<string, LocalRecord>();
  for (const t of SYNCED_TABLES) {
    const skip = localOnlyFields(t);
    await readTableInPages(table(db, t), (page) => {
      for (const r of page) {
        const copy: LocalRecord = { ...r };
        for (const f of skip) delete copy[f];
        out.set(entityKey(t, copy), copy);
      }
    });
  }
  return out;
}

export type LocalWrite = { key: string; record: LocalRecord | null };

/**
 * Writes merged records in one transaction. `expect` holds the form each record had when the round read it:
 * a record changed since (a run still writing, an edit) is left for the next round, never overwritten.
 * Returns the keys written.
 */
export async function writeLocal(
  db: ToolscopeDB,
  writes: readonly LocalWrite[],
  expect: (key: string, current: LocalRecord | undefined) => boolean,
): Promise<Set<string>> {
  const done = new Set<string>();
  await db.transaction(
    'rw',
    SYNCED_TABLES.map((t) => db[t]),
    async () => {
      for (const w of writes) {
        const t = w.key.slice(0, w.key.indexOf('/'));
        if (!isSyncedTable(t)) continue;
        const tab = table(db, t);
        const pk = primaryKeyOf(t, w.key);
        const current = (await tab.get(pk)) as LocalRecord | undefined;
        const stripped = current ? strip(t, current) : undefined;
        if (!expect(w.key, stripped)) continue;
        if (w.record === null) {
          if (current) await tab.delete(pk);
        } else {
          const next: LocalRecord = { ...w.record };
          for (const f of localOnlyFields(t)) next[f] = current?.[f] ?? (t === 'sessions' ? 'idle' : undefined);
          if (t === 'tools' && typeof next.name === 'string') {
            // Tool names are unique here: a same-named tool of this device stays, the synced one waits.
            const other = (await tab.where('name').equals(next.name).first()) as LocalRecord | undefined;
            if (other && other.id !== next.id) continue;
          }
          await tab.put(next);
        }
        done.add(w.key);
      }
    },
  );
  return done;
}

function strip(t: SyncedTable, r: LocalRecord): LocalRecord {
  const copy = { ...r };
  for (const f of localOnlyFields(t)) delete copy[f];
  return copy;
}

type SessionsHeldBack = {
  /** Whose run is under way on this device (a live status): synced once the run ends. */
  live: Set<string>;
  /** Test-run sessions (`evalRun`): local artefacts of a suite run, never synced (architecture.md, "Test cases and suites"). */
  testRuns: Set<string>;
};

/** The sessions whose records a round leaves out, read in one pass over the sessions. */
export async function sessionsHeldBack(db: ToolscopeDB): Promise<SessionsHeldBack> {
  const out: SessionsHeldBack = { live: new Set(), testRuns: new Set() };
  await db.sessions.each((s) => {
    // A trace opened from the inbox and not kept is this device's view of a file elsewhere (architecture.md, "Trace inbox").
    if (!isOwnSession(s)) out.testRuns.add(s.id);
    else if (isLiveStatus(s.status)) out.live.add(s.id);
  });
  return out;
}
