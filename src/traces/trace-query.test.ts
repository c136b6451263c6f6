import { describe, expect, it } from 'vitest';
import type { TraceIndexRecord } from '../domain/trace-inbox';
import { freshDB } from '../db/testing/fresh-db';
import { createTraceIndexCache, createTraceResults, queryTraces, type TraceQuery } from './trace-query';

const rec = (traceId: string, names: string, search: string, errors = 0): TraceIndexRecord => ({
  sourceId: 'src',
  traceId,
  name: names.split('\n')[0]!,
  rooted: true,
  start: 0,
  end: 1,
  spanCount: 1,
  models: [],
  toolCalls: 0,
  errors,
  usage: [],
  names,
  search,
});

// Newest first, as the index lists them.
const rows = [
  rec('aa11ff', 'batch-00003 trip-planner\nchat gpt-4o\ngpt-4o', 'book a train to lyon', 1),
  rec('bb22ee', 'batch-00002 support-bot\nexecute_tool lookup_3\nlookup_3', 'order a-2-1'),
  rec('cc33dd', 'batch-00001 trip-planner\nexecute_tool lookup_3\nlookup_3', 'a flight to paris', 2),
];
const ids = (q: TraceQuery) => queryTraces(rows, q).map((r) => r.traceId);

describe('queryTraces', () => {
  it('lists every row, newest first, with no words and no filter', () => {
    expect(ids({ text: '  ', errorsOnly: false })).toEqual(['aa11ff', 'bb22ee', 'cc33dd']);
  });

  it('needs every word, in names or recorded text, whatever its case', () => {
    expect(ids({ text: 'trip-planner', errorsOnly: false })).toEqual(['aa11ff', 'cc33dd']);
    expect(ids({ text: 'Trip-Planner   PARIS', errorsOnly: false })).toEqual(['cc33dd']);
    expect(ids({ text: 'lookup_3 paris', errorsOnly: false })).toEqual(['cc33dd']);
    expect(ids({ text: 'batch-00002', errorsOnly: false })).toEqual(['bb22ee']);
    expect(ids({ text: 'trip-planner support-bot', errorsOnly: false })).toEqual([]);
  });

  it('finds a trace by the start of its id, not by the middle of it', () => {
    expect(ids({ text: 'bb', errorsOnly: false })).toEqual(['bb22ee']);
    expect(ids({ text: '22ee', errorsOnly: false })).toEqual([]);
  });

  it('"Errors only" keeps the traces with an error, with or without words', () => {
    expect(ids({ text: '', errorsOnly: true })).toEqual(['aa11ff', 'cc33dd']);
    expect(ids({ text: 'lookup_3', errorsOnly: true })).toEqual(['cc33dd']);
  });
});

describe('the answers the page asks windows of', () => {
  const many = Array.from({ length: 10_000 }, (_, k) =>
    rec(k.toString(16).padStart(8, '0'), `run ${k}`, k % 3 === 0 ? 'three' : '', k % 7 === 0 ? 1 : 0),
  );

  it('answers with a count, then only the rows asked for, without their search text', () => {
    const results = createTraceResults();
    const answer = results.put('src', results.next(), many, { text: 'three', errorsOnly: false });
    expect(answer).toMatchObject({ matched: 3_334, total: 10_000 });
    const w = results.window('src', answer.version, 100, 160);
    expect(w.start).toBe(100);
    expect(w.rows).toHaveLength(60);
    expect(w.rows![0]!.traceId).toBe((300).toString(16).padStart(8, '0'));
    expect(Object.keys(w.rows![0]!)).not.toEqual(expect.arrayContaining(['search']));
    expect(Object.keys(w.rows![0]!)).not.toEqual(expect.arrayContaining(['names']));
    // Past the end: the rows there are, then none.
    expect(results.window('src', answer.version, 3_300, 3_400).rows).toHaveLength(34);
    expect(results.window('src', answer.version, 4_000, 4_100).rows).toEqual([]);
  });

  it('gives no rows for an answer a newer search replaced, and keeps each source apart', () => {
    const results = createTraceResults();
    const older = results.put('src', results.next(), many, { text: '', errorsOnly: false });
    const newer = results.put('src', results.next(), many, { text: '', errorsOnly: true });
    const other = results.put('other', results.next(), many.slice(0, 5), { text: '', errorsOnly: false });
    expect(results.window('src', older.version, 0, 10).rows).toBeNull();
    expect(results.window('src', newer.version, 0, 2).rows!.map((r) => r.errors)).toEqual([1, 1]);
    expect(results.window('other', other.version, 0, 10).rows).toHaveLength(5);
  });

  it('keeps the newer search when an older one finishes reading its index after it', () => {
    const results = createTraceResults();
    const older = results.next();
    const newer = results.next();
    const answer = results.put('src', newer, many, { text: 'three', errorsOnly: false });
    const late = results.put('src', older, many, { text: '', errorsOnly: false });
    expect(results.window('src', late.version, 0, 10).rows).toBeNull();
    expect(results.window('src', answer.version, 0, 3).rows!.map((r) => r.name)).toEqual(['run 0', 'run 3', 'run 6']);
  });
});

describe('a source index read for a search', () => {
  it('finds a row stored before names were kept apart by its name and models', async () => {
    const { db } = freshDB(`trace-query-${crypto.randomUUID()}`);
    const { names: _n, ...older } = rec('dd44cc', 'batch-00009 trip-planner', 'x'.repeat(4_096));
    await db.traceIndex.put({ ...older, models: ['gpt-4o'] } as TraceIndexRecord);
    const all = await createTraceIndexCache(db).read('src');
    expect(queryTraces(all, { text: 'batch-00009 gpt-4o', errorsOnly: false }).map((r) => r.traceId)).toEqual([
      'dd44cc',
    ]);
  });
});
