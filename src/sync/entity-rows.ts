import { readCollectionInPages, readKeysInPages, readTableInPages } from './paged-read';
import { rowSize, type EntityRow, type SyncStateDB } from './sync-state-db';

/**
 * The entity rows a round works on, read from sync's state as needed (architecture.md, "Sync and backup"): the
 * records that changed here, the ones other devices changed, and every record of a session the merge touched
 * (the fork and delete rules look at a whole session). A round costs what changed, not what is stored.
 */
export class EntityRows {
  /** The rows loaded (and those the round changed); the load methods return the rows they added. */
  readonly rows = new Map<string, EntityRow>();
  private readonly absent = new Set<string>();
  private readonly sessions = new Set<string>();
  private all = false;

  constructor(private readonly state: SyncStateDB) {}

  get(k: string): EntityRow | undefined {
    return this.rows.get(k);
  }

  async load(keys: Iterable<string>): Promise<EntityRow[]> {
    if (this.all) return [];
    const need = [...new Set(keys)].filter((k) => !this.rows.has(k) && !this.absent.has(k));
    if (need.length === 0) return [];
    const found = await readKeysInPages(this.state.entities, need, rowSize);
    const added: EntityRow[] = [];
    need.forEach((k, i) => {
      const r = found[i];
      if (r) added.push(this.add(r));
      else this.absent.add(k);
    });
    return added;
  }

  /** Every record of these sessions, and the sessions themselves. */
  async loadSessions(ids: Iterable<string>): Promise<EntityRow[]> {
    if (this.all) return [];
    const need = [...new Set(ids)].filter((id) => !this.sessions.has(id));
    if (need.length === 0) return [];
    // In pages: a session of thousands of records would otherwise be deserialized in one main-thread task.
    const found = await readCollectionInPages(this.state.entities, this.state.entities.where('s').anyOf(need), rowSize);
    const added = found.filter((r) => !this.rows.has(r.k)).map((r) => this.add(r));
    added.push(...(await this.load(need.map((id) => `sessions/${id}`))));
    for (const id of need) this.sessions.add(id);
    return added;
  }

  async loadAll(): Promise<EntityRow[]> {
    if (this.all) return [];
    const added: EntityRow[] = [];
    await readTableInPages(
      this.state.entities,
      (page) => {
        for (const r of page) if (!this.rows.has(r.k)) added.push(this.add(r));
      },
      rowSize,
    );
    this.all = true;
    return added;
  }

  private add(r: EntityRow): EntityRow {
    this.rows.set(r.k, r);
    return r;
  }
}
