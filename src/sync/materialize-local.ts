import { ROOT_BRANCH, type Branch } from '../domain/branches';
import { materialize, winner, type Entity } from './entity-merge';
import { forkConcurrent, type ForkInput } from './fork-branches';
import type { LocalRecord } from './local-tables';

/**
 * The records to write for the entities a round touched. Messages and their session are materialized together:
 * the fork rule (fork-branches.ts) may move messages to a branch of their own and add that branch to the session.
 */
export function materializeKeys(entities: ReadonlyMap<string, Entity>, touched: ReadonlySet<string>): Map<string, LocalRecord | null> {
  const out = new Map<string, LocalRecord | null>();
  const sessions = new Set<string>();
  for (const k of touched) {
    const e = entities.get(k);
    if (!e) continue;
    const rec = materialize(e);
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
    const rec = materialize(e);
    const sid = rec?.sessionId;
    if (rec === null || typeof sid !== 'string' || !sessions.has(sid)) continue;
    const created = winner(e, 'order')?.h;
    if (created === undefined || typeof rec.order !== 'number') continue;
    const list = bySession.get(sid) ?? [];
    list.push({ key: k, input: { id: String(rec.id), order: rec.order, branchId: typeof rec.branchId === 'string' ? rec.branchId : ROOT_BRANCH, created } });
    bySession.set(sid, list);
  }
  for (const sid of sessions) {
    const skey = `sessions/${sid}`;
    const se = entities.get(skey);
    const session = se ? materialize(se) : null;
    if (!session) continue;
    const list = bySession.get(sid) ?? [];
    const { branches, moved } = forkConcurrent((session.branches as Branch[] | undefined) ?? [], list.map((l) => l.input));
    if (moved.size === 0) continue;
    out.set(skey, { ...session, branches });
    for (const l of list) {
      const to = moved.get(l.input.id);
      if (to === undefined) continue;
      const rec = materialize(entities.get(l.key)!);
      if (rec) out.set(l.key, { ...rec, branchId: to });
    }
  }
  return out;
}
