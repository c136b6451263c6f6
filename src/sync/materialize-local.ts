import { ROOT_BRANCH, type Branch } from '../domain/branches';
import { materialize, tableOf, winner, type Entity } from './entity-merge';
import { forkConcurrent, type ForkInput } from './fork-branches';
import { SESSION_OWNED, type LocalRecord } from './local-tables';
import { timeSlicer } from './main-thread-slices';

/**
 * The records to write for the entities a round touched. Messages and their session are materialized together:
 * the fork rule (fork-branches.ts) may move messages to a branch of their own and add that branch to the session.
 */
export async function materializeKeys(
  entities: ReadonlyMap<string, Entity>,
  touchedKeys: ReadonlySet<string>,
): Promise<Map<string, LocalRecord | null>> {
  // Thousands of entities on a first sync: the page's main thread is given back every few milliseconds.
  const slice = timeSlicer();
  const out = new Map<string, LocalRecord | null>();
  const sessions = new Set<string>();
  const touched = await withOwnedRecords(entities, touchedKeys, slice);
  for (const k of touched) {
    await slice();
    const e = entities.get(k);
    if (!e) continue;
    const rec = ownerDeleted(entities, k, e) ? null : materialize(e);
    out.set(k, rec);
    if (k.startsWith('sessions/')) sessions.add(k.slice('sessions/'.length));
    if (k.startsWith('messages/')) {
      const sid = winner(e, 'sessionId')?.v;
      if (typeof sid === 'string') sessions.add(sid);
    }
  }
  if (sessions.size === 0) return out;
  const bySession = new Map<string, { key: string; input: ForkInput }[]>();
  for (const [k, e] of entities) {
    if (!k.startsWith('messages/')) continue;
    await slice();
    const rec = ownerDeleted(entities, k, e) ? null : materialize(e);
    const sid = rec?.sessionId;
    if (rec === null || typeof sid !== 'string' || !sessions.has(sid)) continue;
    const created = winner(e, 'order')?.h;
    if (created === undefined || typeof rec.order !== 'number') continue;
    const list = bySession.get(sid) ?? [];
    list.push({
      key: k,
      input: {
        id: String(rec.id),
        order: rec.order,
        branchId: typeof rec.branchId === 'string' ? rec.branchId : ROOT_BRANCH,
        created,
      },
    });
    bySession.set(sid, list);
  }
  for (const sid of sessions) {
    await slice();
    const skey = `sessions/${sid}`;
    const se = entities.get(skey);
    const session = se ? materialize(se) : null;
    if (!session) continue;
    const list = bySession.get(sid) ?? [];
    const { branches, moved } = forkConcurrent(
      (session.branches as Branch[] | undefined) ?? [],
      list.map((l) => l.input),
    );
    if (moved.size === 0) continue;
    out.set(skey, { ...session, branches });
    for (const l of list) {
      const to = moved.get(l.input.id);
      if (to === undefined) continue;
      const rec = out.get(l.key) ?? materialize(entities.get(l.key)!);
      if (rec) out.set(l.key, { ...rec, branchId: to });
    }
  }
  return out;
}

function sessionIdOf(e: Entity): string | null {
  const sid = winner(e, 'sessionId')?.v;
  return typeof sid === 'string' ? sid : null;
}

/**
 * Delete against edit (architecture.md, "Sync and backup"): a session's records live and die with it. When the
 * session's tombstone wins, its messages, tool calls, runs and events are removed with it, even ones another device
 * appended meanwhile; an append stamped after the delete touched the session too (its count and time), so there
 * the session comes back whole. Either way no record is left without its session.
 */
function ownerDeleted(entities: ReadonlyMap<string, Entity>, k: string, e: Entity): boolean {
  if (!SESSION_OWNED.has(tableOf(k))) return false;
  const sid = sessionIdOf(e);
  const owner = sid === null ? undefined : entities.get(`sessions/${sid}`);
  return owner !== undefined && materialize(owner) === null;
}

/** The touched keys plus every record of a touched session: a session deleted or revived takes them along. */
async function withOwnedRecords(
  entities: ReadonlyMap<string, Entity>,
  touched: ReadonlySet<string>,
  slice: () => Promise<void> | undefined,
): Promise<Set<string>> {
  const sessions = new Set(
    [...touched].filter((k) => k.startsWith('sessions/')).map((k) => k.slice('sessions/'.length)),
  );
  const out = new Set(touched);
  if (sessions.size === 0) return out;
  for (const [k, e] of entities) {
    if (!SESSION_OWNED.has(tableOf(k))) continue;
    await slice();
    const sid = sessionIdOf(e);
    if (sid !== null && sessions.has(sid)) out.add(k);
  }
  return out;
}
