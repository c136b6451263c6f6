import { describe, expect, it } from 'vitest';
import { freshDB } from '../db/testing/fresh-db';
import { addTraceSource, listTraceIndex, traceParts } from '../db/traces-repo';
import { checkTraceSource } from './check-trace-source';
import { openTrace } from './open-trace';
import type { TraceFiles } from './trace-source-access';
import { MAX_TEXT_BYTES } from './trace-bytes';
import { exportRequest, jsonLines, T1, T2 } from './testing/otlp-lines';

/** A source in memory that counts what was read. */
function memorySource(files: Map<string, { text: string; version: string }>) {
  const reads: string[] = [];
  const source: TraceFiles = {
    list: async () => [...files].map(([key, f]) => ({ key, version: f.version })),
    read: async (key) => {
      reads.push(key);
      return new TextEncoder().encode(files.get(key)!.text);
    },
  };
  return { source, reads };
}

const S = 'src1';
const root = { traceId: T1, spanId: 'a1a1a1a1a1a1a1a1', name: 'agent run', startMs: 1_000, endMs: 5_000 };
const chat1 = {
  traceId: T1,
  spanId: 'b2b2b2b2b2b2b2b2',
  parentSpanId: root.spanId,
  name: 'chat gpt-x',
  startMs: 1_100,
  endMs: 2_000,
  attrs: {
    'gen_ai.operation.name': 'chat',
    'gen_ai.request.model': 'gpt-x',
    'gen_ai.usage.input_tokens': 10,
    'gen_ai.usage.output_tokens': 2,
  },
};
const chat2 = { ...chat1, spanId: 'c3c3c3c3c3c3c3c3', startMs: 3_000, endMs: 4_000 };
const other = { traceId: T2, spanId: 'd4d4d4d4d4d4d4d4', name: 'later run', startMs: 9_000, endMs: 9_500, error: true };

async function setup() {
  const { db } = freshDB(`traces-${crypto.randomUUID()}`);
  await addTraceSource(
    db,
    {
      id: S,
      config: { kind: 'webdav', url: 'http://127.0.0.1:1/', username: '' },
      createdAt: 1,
      checkedAt: null,
      problem: null,
    },
    'pw',
  );
  return db;
}

describe('checking a trace source', () => {
  it('merges the spans of one trace spread over two files into one row, newest trace first', async () => {
    const db = await setup();
    // The child spans are written first (they end first), the root a file later: as a Collector rotates files.
    const files = new Map([
      ['2026/11/29/data-1.json', { text: jsonLines(exportRequest([chat1])), version: 'e1' }],
      [
        '2026/11/29/data-2.json',
        { text: jsonLines(exportRequest([chat2, root]), exportRequest([other])), version: 'e2' },
      ],
    ]);
    const { source } = memorySource(files);
    const outcome = await checkTraceSource(db, S, source, () => 42);
    expect(outcome).toMatchObject({ ok: true, listed: 2, read: 2, removed: 0, traces: 2 });
    const rows = await listTraceIndex(db, S);
    expect(rows.map((r) => r.traceId)).toEqual([T2, T1]);
    expect(rows[1]).toMatchObject({
      name: 'agent run',
      rooted: true,
      spanCount: 3,
      start: 1_000,
      end: 5_000,
      models: ['gpt-x'],
      errors: 0,
    });
    expect(rows[1]!.usage).toEqual([{ model: 'gpt-x', input: 20, output: 4, cached: 0, reasoning: 0 }]);
    expect(rows[0]).toMatchObject({ errors: 1 });
    expect((await traceParts(db, S, T1)).map((p) => p.key).sort()).toEqual([
      '2026/11/29/data-1.json',
      '2026/11/29/data-2.json',
    ]);
  });

  it('reads nothing twice: a second check reads no file; a changed file is read again and its old spans replaced; a gone file is forgotten', async () => {
    const db = await setup();
    const files = new Map([
      ['a.json', { text: jsonLines(exportRequest([root, chat1])), version: 'v1' }],
      ['b.json', { text: jsonLines(exportRequest([other])), version: 'v1' }],
    ]);
    const { source, reads } = memorySource(files);
    await checkTraceSource(db, S, source, () => 1);
    expect(reads).toEqual(['a.json', 'b.json']);
    expect(await checkTraceSource(db, S, source, () => 2)).toMatchObject({ ok: true, read: 0, removed: 0, traces: 2 });
    expect(reads).toHaveLength(2);
    // The file grew (the exporter appended a line): read again, its spans not counted twice.
    files.set('a.json', { text: jsonLines(exportRequest([root, chat1]), exportRequest([chat2])), version: 'v2' });
    files.delete('b.json');
    expect(await checkTraceSource(db, S, source, () => 3)).toMatchObject({ ok: true, read: 1, removed: 1, traces: 1 });
    const rows = await listTraceIndex(db, S);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ traceId: T1, spanCount: 3 });
    expect(rows[0]!.usage[0]).toMatchObject({ input: 20 });
  });

  it('records a file it cannot read with its problem, never refusing the source; a listing that fails is said', async () => {
    const db = await setup();
    const files = new Map([
      ['good.json', { text: jsonLines(exportRequest([root])), version: '1' }],
      ['bad.json', { text: 'this is not json\n', version: '1' }],
    ]);
    const { source } = memorySource(files);
    const outcome = await checkTraceSource(db, S, source, () => 1);
    expect(outcome).toMatchObject({ ok: true, read: 2, traces: 1 });
    expect(outcome.ok && outcome.problems).toEqual(['bad.json: left out, it is not JSON: OTLP/JSON was expected.']);
    const failing: TraceFiles = {
      list: () => Promise.reject(new Error('The storage answered 403: check the access key.')),
      read: () => Promise.reject(new Error('no')),
    };
    expect(await checkTraceSource(db, S, failing, () => 2)).toEqual({
      ok: false,
      message: 'The storage answered 403: check the access key.',
    });
    expect((await db.traceSources.get(S))?.problem).toBe('The storage answered 403: check the access key.');
    expect(await listTraceIndex(db, S)).toHaveLength(1);
  });

  it('sets aside a file whose listed size is too large to hold, without reading it, and reads the rest', async () => {
    const db = await setup();
    const { source, reads } = memorySource(
      new Map([['good.json', { text: jsonLines(exportRequest([root])), version: '1' }]]),
    );
    const listed = await source.list();
    const huge: TraceFiles = {
      list: async () => [...listed, { key: 'huge.json', version: '9', size: MAX_TEXT_BYTES + 44 * 1024 * 1024 }],
      read: source.read,
    };
    const outcome = await checkTraceSource(db, S, huge, () => 1);
    expect(outcome).toMatchObject({ ok: true, read: 2, traces: 1 });
    expect(outcome.ok && outcome.problems).toEqual([
      'huge.json: left out, it is 300 MB, more than the 256 MB one file may.',
    ]);
    expect(reads).toEqual(['good.json']);
  });

  it('opens a trace spread over two files as one read-only session, and the same session again while it is there', async () => {
    const db = await setup();
    const files = new Map([
      ['a.json', { text: jsonLines(exportRequest([chat1])), version: '1' }],
      ['b.json', { text: jsonLines(exportRequest([root, chat2])), version: '1' }],
    ]);
    await checkTraceSource(db, S, memorySource(files).source, () => 1);
    let n = 0;
    const opened = await openTrace(db, S, T1, { now: 10, newId: () => `id${n++}` });
    expect(opened).toMatchObject({ ok: true, reused: false });
    if (!opened.ok) return;
    const session = await db.sessions.get(opened.sessionId);
    expect(session).toMatchObject({ importedTrace: true, openedTrace: { sourceId: S, traceId: T1 } });
    const events = await db.events.where('sessionId').equals(opened.sessionId).toArray();
    expect(events.filter((e) => e.type === 'request_started')).toHaveLength(2);
    expect(await openTrace(db, S, T1, { now: 11, newId: () => `x${n++}` })).toEqual({
      ok: true,
      sessionId: opened.sessionId,
      reused: true,
    });
  });
});
