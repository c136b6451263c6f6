import Dexie, { type Collection, type IndexableType, type Table } from 'dexie';
import { WRITE_SLICE_BYTES, yieldToPage } from './main-thread-slices';

/**
 * Reading a whole table (or an index range) in pages (architecture.md, "Sync and backup"): one `getAll` of
 * thousands of records is deserialized on the main thread in one task; pages of about WRITE_SLICE_BYTES each,
 * sized from the records of the page before, keep every task short.
 */

/** A cheap estimate of a value's structured-clone size in bytes (strings by length), without serializing it. */
export function approxSize(value: unknown, depth = 0): number {
  if (typeof value === 'string') return value.length + 4;
  if (value === null || typeof value !== 'object') return 8;
  if (depth > 8) return 64;
  let n = 16;
  if (Array.isArray(value)) {
    for (const v of value) n += approxSize(v, depth + 1);
    return n;
  }
  for (const [k, v] of Object.entries(value)) n += k.length + approxSize(v, depth + 1);
  return n;
}

const FIRST_PAGE = 50;
const MIN_PAGE = 5;
const MAX_PAGE = 500;

/**
 * The next page's length from the bytes the last page held: about WRITE_SLICE_BYTES of records like those, at most
 * twice the last length (records of very different sizes in key order are met a page later, not 40 pages later).
 */
function nextPageLength(records: readonly unknown[], sizeOf: (r: never) => number, last: number): number {
  if (records.length === 0) return Math.min(MAX_PAGE, last * 2);
  let bytes = 0;
  for (const r of records) bytes += sizeOf(r as never);
  const per = Math.max(1, bytes / records.length);
  return Math.max(MIN_PAGE, Math.min(MAX_PAGE, last * 2, Math.floor(WRITE_SLICE_BYTES / per)));
}

/**
 * Every record of `table` in primary-key order, handed to `onPage` page by page, with a turn for the page between
 * pages. Each page is its own read: no transaction can stay open across a yield, so a write between two pages is
 * seen or not (sync's change log has it either way).
 */
export async function readTableInPages<T, K>(
  table: Table<T, K>,
  onPage: (records: T[]) => void,
  sizeOf: (r: T) => number = approxSize,
): Promise<void> {
  const keyPath = table.schema.primKey.keyPath;
  if (keyPath === undefined || keyPath === null)
    throw new Error(`${table.name}: paged reads need an inline primary key.`);
  let length = FIRST_PAGE;
  let page = await table.orderBy(':id').limit(length).toArray();
  for (;;) {
    onPage(page);
    if (page.length < length) return;
    const last = Dexie.getByKeyPath(page[page.length - 1] as object, keyPath) as IndexableType;
    length = nextPageLength(page, sizeOf, length);
    await yieldToPage();
    page = await table.where(':id').above(last).limit(length).toArray();
  }
}

/** The records under `keys` (undefined where none), read in pages sized like readTableInPages'. */
export async function readKeysInPages<T, K>(
  table: Table<T, K>,
  keys: readonly K[],
  sizeOf: (r: T) => number = approxSize,
): Promise<(T | undefined)[]> {
  const out: (T | undefined)[] = [];
  let length = FIRST_PAGE;
  for (let i = 0; i < keys.length; ) {
    const page = await table.bulkGet(keys.slice(i, i + length));
    i += length;
    for (const r of page) out.push(r);
    length = nextPageLength(
      page.filter((r) => r !== undefined),
      sizeOf,
      length,
    );
    if (i < keys.length) await yieldToPage();
  }
  return out;
}

/** The records of a collection (an index query): its primary keys first, then the records in pages. */
export async function readCollectionInPages<T, K>(
  table: Table<T, K>,
  collection: Collection<T, K>,
  sizeOf: (r: T) => number = approxSize,
): Promise<T[]> {
  const found = await readKeysInPages(table, await collection.primaryKeys(), sizeOf);
  return found.filter((r): r is T => r !== undefined);
}
