import { hlcDevice, type Hlc } from './hlc';

/**
 * The merge rules every device applies alike (architecture.md, "Sync and backup"). A synced record is an entity:
 * per field, the values seen, newest stamp first. The newest wins (last writer wins per field); a field a person
 * writes keeps a few older values too, so a concurrent edit that lost stays viewable. Deletion is the field
 * `_del`, a tombstone a later edit overrides. Merging is a join: any order or repetition of the same changes
 * gives the same entity.
 */
export type Stamped = { v: unknown; h: Hlc /** The stamp of the value this one replaced on its device. */; b?: Hlc };

export type Entity = { f: Record<string, Stamped[]> };

/** One record's change: the fields written, each stamped. */
export type Change = { k: string; f: Record<string, Stamped> };

export const DELETED = '_del';

/** Fields a person writes, whose losing concurrent version stays viewable ("Edited on another device"). */
const PERSON_TEXT = new Set(['sessions/title', 'memories/text', 'tools/description']);
const KEEP_PERSON = 4;

export function tableOf(key: string): string {
  return key.slice(0, key.indexOf('/'));
}

function keepFor(key: string, field: string): number {
  return PERSON_TEXT.has(`${tableOf(key)}/${field}`) ? KEEP_PERSON : 1;
}

/** Merges one change into an entity (or none); returns a new entity and whether anything changed. */
export function mergeChange(entity: Entity | undefined, change: Change): { entity: Entity; changed: boolean } {
  const f: Record<string, Stamped[]> = { ...(entity?.f ?? {}) };
  let changed = false;
  for (const [field, stamped] of Object.entries(change.f)) {
    const have = f[field] ?? [];
    if (have.some((s) => s.h === stamped.h)) continue;
    const next = [...have, stamped]
      .sort((a, b) => (a.h < b.h ? 1 : a.h > b.h ? -1 : 0))
      .slice(0, keepFor(change.k, field));
    if (next.some((s, i) => s !== have[i]) || next.length !== have.length) {
      f[field] = next;
      changed = true;
    }
  }
  return { entity: { f }, changed };
}

export function winner(entity: Entity, field: string): Stamped | undefined {
  return entity.f[field]?.[0];
}

/** The record the entity stands for, or null when its tombstone wins. */
export function materialize(entity: Entity): Record<string, unknown> | null {
  if (winner(entity, DELETED)?.v === true) return null;
  const out: Record<string, unknown> = {};
  for (const [field, values] of Object.entries(entity.f)) {
    if (field === DELETED) continue;
    const w = values[0];
    if (w !== undefined && w.v !== undefined) out[field] = w.v;
  }
  return out;
}

/**
 * The losing version of a person's text, when the winner was written without having seen it (a concurrent edit
 * on another device): the newest such value, the same on every device.
 */
export function lostVersion(entity: Entity, field: string): Stamped | null {
  const [w, ...rest] = entity.f[field] ?? [];
  if (!w) return null;
  for (const s of rest) {
    if (hlcDevice(s.h) === hlcDevice(w.h)) continue;
    if (w.b !== undefined && s.h <= w.b) continue;
    if (s.v === w.v) continue;
    return s;
  }
  return null;
}

/** The stamp each field has now: what a new local write of that field replaces. */
export function currentStamp(entity: Entity | undefined, field: string): Hlc | undefined {
  return entity?.f[field]?.[0]?.h;
}
