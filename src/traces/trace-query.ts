import type { ToolscopeDB } from '../db/database';
import { listTraceIndex } from '../db/traces-repo';
import type { TraceIndexRecord } from '../domain/trace-inbox';

/** A row of the Traces table as the page holds it: the index row without its search text. */
export type TraceRow = Omit<TraceIndexRecord, 'search' | 'names' | 'rooted'>;

export type TraceQuery = { text: string; errorsOnly: boolean };
/** A search's answer: how many rows match (of how many), under a version the page asks for windows of. */
export type TraceQueryResult = { version: number; matched: number; total: number };
/** Some rows of a search's answer, from `start`; null when that answer was replaced by a newer one. */
export type TraceWindow = { version: number; start: number; rows: TraceRow[] | null };

const light = ({ search: _s, names: _n, rooted: _r, ...row }: TraceIndexRecord): TraceRow => row;

/**
 * The rows matching a search, newest first (architecture.md, "Trace inbox"). Every word must match the trace's names,
 * its recorded text or the start of its id. Runs where the index is (the trace worker): the page is sent the count, then only the rows
 * it draws, never 10,000 rows at once.
 */
export function queryTraces(all: readonly TraceIndexRecord[], q: TraceQuery): TraceIndexRecord[] {
  const words = q.text
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (!q.errorsOnly && words.length === 0) return [...all];
  return all.filter(
    (r) =>
      (!q.errorsOnly || r.errors > 0) &&
      words.every((w) => r.names.includes(w) || r.search.includes(w) || r.traceId.startsWith(w)),
  );
}

/**
 * The last answer per source, kept where the index is so the page can ask for the rows it shows. A search's version
 * is taken when it is asked (`next`), so an answer that was slower to read its index never replaces a newer one.
 */
export function createTraceResults() {
  const results = new Map<string, { version: number; matches: TraceIndexRecord[] }>();
  let version = 0;
  return {
    next: (): number => ++version,
    put(sourceId: string, v: number, all: readonly TraceIndexRecord[], q: TraceQuery): TraceQueryResult {
      const matches = queryTraces(all, q);
      if ((results.get(sourceId)?.version ?? 0) < v) results.set(sourceId, { version: v, matches });
      return { version: v, matched: matches.length, total: all.length };
    },
    window(sourceId: string, v: number, start: number, end: number): TraceWindow {
      const r = results.get(sourceId);
      if (!r || r.version !== v) return { version: v, start, rows: null };
      return { version: v, start, rows: r.matches.slice(start, end).map(light) };
    },
  };
}

/** A source's index, kept between queries until a check writes to it. */
export function createTraceIndexCache(db: ToolscopeDB) {
  const cache = new Map<string, Promise<TraceIndexRecord[]>>();
  return {
    read(sourceId: string): Promise<TraceIndexRecord[]> {
      let hit = cache.get(sourceId);
      if (!hit) {
        hit = listTraceIndex(db, sourceId);
        cache.set(sourceId, hit);
        hit.catch(() => cache.delete(sourceId));
      }
      return hit;
    },
    forget(sourceId: string): void {
      cache.delete(sourceId);
    },
  };
}
