import { describe, expect, it } from 'vitest';
import { freshDB } from './testing/fresh-db';
import { getTraceRow, putTraceFile } from './traces-repo';
import type { TraceIndexRecord, TracePartRecord, TraceSummary } from '../domain/trace-inbox';

const S = 'src1';
const T = 'aa11';
const summary = (name: string, models: string[], start: number): TraceSummary => ({
  traceId: T,
  name,
  rooted: start === 0,
  start,
  end: start + 1,
  spanCount: 1,
  models,
  toolCalls: 0,
  errors: 0,
  usage: [],
  names: name,
  search: '',
});
const file = (key: string) => ({
  sourceId: S,
  key,
  version: '1',
  traceIds: [T],
  spanCount: 1,
  problems: [],
  readAt: 1,
});

/** What an earlier build stored: a row and a part with no `names` (architecture.md, "Trace inbox"). */
async function withOlderTrace() {
  const { db } = freshDB(`traces-repo-${crypto.randomUUID()}`);
  const { names: _n, ...older } = summary('old run', ['gpt-4o'], 0);
  await db.traceFiles.put(file('a.json'));
  await db.traceParts.put({
    sourceId: S,
    key: 'a.json',
    traceId: T,
    summary: older,
    spans: '',
  } as unknown as TracePartRecord);
  await db.traceIndex.put({ ...older, sourceId: S } as unknown as TraceIndexRecord);
  return db;
}

describe('a trace stored before names were kept apart', () => {
  it('takes a new file’s part of it into its row, its names merged', async () => {
    const db = await withOlderTrace();
    await putTraceFile(db, file('b.json'), [
      { traceId: T, summary: { ...summary('tool step', ['claude'], 5), names: 'tool step\nclaude' }, spans: '' },
    ]);
    const row = await getTraceRow(db, S, T);
    expect(row?.spanCount).toBe(2);
    expect(row?.names.split('\n')).toEqual(['old run', 'gpt-4o', 'tool step', 'claude']);
  });

  it('rebuilds its row from the older part when a file that also holds it changes', async () => {
    const db = await withOlderTrace();
    await putTraceFile(db, file('b.json'), [{ traceId: T, summary: summary('tool step', [], 5), spans: '' }]);
    await putTraceFile(db, { ...file('b.json'), version: '2' }, [
      { traceId: T, summary: summary('tool step 2', [], 6), spans: '' },
    ]);
    const row = await getTraceRow(db, S, T);
    expect(row?.names.split('\n')).toEqual(['old run', 'gpt-4o', 'tool step 2']);
  });
});
