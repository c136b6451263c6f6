import type { ToolscopeDB } from '../db/database';
import { listTraceIndex } from '../db/traces-repo';
import type { TraceIndexRecord } from '../domain/trace-inbox';

/** A row of the Traces table as the page holds it: the index row without its search text. */
export type TraceRow = Omit<TraceIndexRecord, 'search' | 'rooted'>;

export type TraceQuery = { text: string; errorsOnly: boolean };
export type TraceQueryResult = { rows: TraceRow[]; total: number };

const light = ({ search: _s, rooted: _r, ...row }: TraceIndexRecord): TraceRow => row;

/**
 * The rows matching a search, newest first (architecture.md, "Trace inbox"). Runs where the index is (the trace
 * worker): the page receives only the rows, never the search text of 10,000 traces. Every word must match.
 */
export function queryTraces(all: readonly TraceIndexRecord[], q: TraceQuery): TraceQueryResult {
  const words = q.text.toLowerCase().split(/\s+/).filter((w) => w !== '');
  const rows: TraceRow[] = [];
  for (const r of all) {
    if (q.errorsOnly && r.errors === 0) continue;
    if (words.length > 0 && !words.every((w) => r.search.includes(w) || r.traceId.startsWith(w))) continue;
    rows.push(light(r));
  }
  return { rows, total: all.length };
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
