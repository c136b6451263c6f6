import type { ToolscopeDB } from '../../../db/database';
import { listRunEventsAfter } from '../../../db/events-repo';
import type { EventRecord, RunRecord } from '../../../db/records';

const CHUNK = 1000;

/**
 * The events of one session, kept in memory and topped up from IndexedDB. A run's events are append-only
 * (seq grows by one), so a change only needs the events after the last seq held; the first read goes in
 * chunks so no single IndexedDB callback deserializes thousands of records at once.
 */
export class SessionEventsCache {
  private byRun = new Map<string, EventRecord[]>();

  constructor(private readonly db: ToolscopeDB) {}

  /** Brings the cache up to date with `runs`; reloads everything if the total disagrees with `expectedCount`. */
  async sync(runs: readonly RunRecord[], expectedCount: number): Promise<EventRecord[]> {
    await this.topUp(runs);
    if (this.count() !== expectedCount) {
      this.byRun.clear();
      await this.topUp(runs);
    }
    return [...this.byRun.values()].flat();
  }

  private count(): number {
    let n = 0;
    for (const list of this.byRun.values()) n += list.length;
    return n;
  }

  private async topUp(runs: readonly RunRecord[]): Promise<void> {
    const keep = new Set(runs.map((r) => r.id));
    for (const id of this.byRun.keys()) if (!keep.has(id)) this.byRun.delete(id);
    for (const run of runs) {
      const list = this.byRun.get(run.id) ?? [];
      this.byRun.set(run.id, list);
      for (;;) {
        const from = list.length === 0 ? -1 : (list[list.length - 1]?.seq ?? -1);
        const chunk = await listRunEventsAfter(this.db, run.id, from, CHUNK);
        for (const e of chunk) list.push(e);
        if (chunk.length < CHUNK) break;
      }
    }
  }
}
