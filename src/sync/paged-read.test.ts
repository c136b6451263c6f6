import Dexie, { type Table } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { bySize, timeSlicer } from './main-thread-slices';
import { approxSize, readCollectionInPages, readKeysInPages, readTableInPages } from './paged-read';

type Row = { a: string; b: number; s: string; text: string };

/** A table with a compound primary key (as toolCalls and events have) and an index. */
function rowsDb(): Dexie & { rows: Table<Row, [string, number]> } {
  const db = new Dexie('paged', { indexedDB: new IDBFactory(), IDBKeyRange }) as Dexie & {
    rows: Table<Row, [string, number]>;
  };
  db.version(1).stores({ rows: '[a+b], s' });
  return db;
}

const row = (i: number, size: number): Row => ({
  a: `k${String(i % 7)}`,
  b: i,
  s: i % 3 === 0 ? 'three' : 'other',
  text: 'x'.repeat(size),
});

describe('paged reads', () => {
  it('reads every record of a table once, in key order, in pages that shrink as records grow', async () => {
    const db = rowsDb();
    // Small records first (by key), then big ones: the page length follows the size of the page before.
    const rows = [
      ...Array.from({ length: 1500 }, (_, i) => ({ ...row(i, 20), a: 'a' })),
      ...Array.from({ length: 300 }, (_, i) => ({ ...row(1500 + i, 20_000), a: 'z' })),
    ];
    await db.rows.bulkPut(rows);
    const pages: number[] = [];
    const seen: string[] = [];
    await readTableInPages(db.rows, (page) => {
      pages.push(page.length);
      for (const r of page) seen.push(`${r.a}|${r.b}`);
    });
    expect(seen).toEqual(rows.map((r) => `${r.a}|${r.b}`));
    // Small records: pages grow to the cap; 20 KB records: a page holds about 256 KB of them, a dozen.
    expect(Math.max(...pages)).toBe(500);
    expect(pages.at(-2)).toBeLessThanOrEqual(13);
    db.close();
  });

  it('reads an empty table as no page of records, and keys and index ranges in pages', async () => {
    const db = rowsDb();
    const pages: number[] = [];
    await readTableInPages(db.rows, (p) => pages.push(p.length));
    expect(pages.filter((n) => n > 0)).toEqual([]);
    await db.rows.bulkPut(Array.from({ length: 450 }, (_, i) => row(i, 5_000)));
    const keys: [string, number][] = [
      ['k1', 1],
      ['nope', 0],
      ['k2', 2],
    ];
    expect((await readKeysInPages(db.rows, keys)).map((r) => r?.b)).toEqual([1, undefined, 2]);
    const three = await readCollectionInPages(db.rows, db.rows.where('s').equals('three'));
    expect(three.map((r) => r.b).sort((x, y) => x - y)).toEqual(Array.from({ length: 150 }, (_, i) => i * 3));
    db.close();
  });
});

describe('main-thread slices', () => {
  it('splits writes by estimated size, keeping order and at least one item per slice', () => {
    const sizes = [100, 100, 300, 50, 1000, 10];
    expect(bySize(sizes, (n) => n, 250)).toEqual([[100, 100], [300], [50], [1000], [10]]);
    expect(bySize([], (n: number) => n, 250)).toEqual([]);
    expect(approxSize({ a: 'xxxx', b: [1, 2], c: null })).toBeGreaterThan(4);
  });

  it('yields only once a slice has run its time', async () => {
    const slice = timeSlicer(1_000);
    expect(slice()).toBeUndefined();
    const busy = timeSlicer(0);
    await new Promise((r) => setTimeout(r, 2));
    const p = busy();
    expect(p).toBeInstanceOf(Promise);
    await p;
  });
});
