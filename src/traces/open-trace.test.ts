import { describe, expect, it } from 'vitest';
import { freshDB } from '../db/testing/fresh-db';
import { addTraceSource, getTraceRow, putTraceFile } from '../db/traces-repo';
import type { TraceSummary } from '../domain/trace-inbox';
import { NOT_RECORDED_RESULT } from '../db/recover';
import { openTrace } from './open-trace';
import { exportRequest, T1 } from './testing/otlp-lines';

const S = 'src1';
const root = { traceId: T1, spanId: 'a1a1a1a1a1a1a1a1', name: 'ai.generateText', startMs: 1_000, endMs: 9_000 };
const prompt = JSON.stringify([{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }]);
const reply = (calls: { toolCallId: string }[]) => ({
  traceId: T1,
  spanId: 'b2b2b2b2b2b2b2b2',
  parentSpanId: root.spanId,
  name: 'ai.generateText.doGenerate',
  startMs: 1_100,
  endMs: 2_000,
  attrs: {
    'ai.model.id': 'gpt-x',
    'ai.prompt.messages': prompt,
    'ai.response.toolCalls': JSON.stringify(calls.map((c) => ({ ...c, toolName: 'get_weather', input: '{}' }))),
  },
});
const tool = {
  traceId: T1,
  spanId: 'c3c3c3c3c3c3c3c3',
  parentSpanId: root.spanId,
  name: 'ai.toolCall',
  startMs: 2_100,
  endMs: 2_200,
  attrs: { 'ai.toolCall.name': 'get_weather', 'ai.toolCall.id': 'call_1', 'ai.toolCall.result': '"sunny"' },
};
const summary: TraceSummary = {
  traceId: T1,
  name: 'ai.generateText',
  rooted: true,
  start: 1_000,
  end: 9_000,
  spanCount: 2,
  models: ['gpt-x'],
  toolCalls: 0,
  errors: 0,
  usage: [],
  names: 'ai.generatetext',
  search: '',
};

/** A source whose one file holds `spans` (OTLP/JSON text) for trace T1, stored as a check stores it. */
async function withPart(spans: string) {
  const { db } = freshDB(`open-trace-${crypto.randomUUID()}`);
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
  await putTraceFile(
    db,
    { sourceId: S, key: 'a.json', version: '1', traceIds: [T1], spanCount: 2, problems: [], readAt: 1 },
    [{ traceId: T1, summary, spans }],
  );
  return db;
}

const open = (db: Awaited<ReturnType<typeof withPart>>) => {
  let n = 0;
  return openTrace(db, S, T1, { now: 10, newId: () => `id${n++}` });
};

describe('opening a trace goes through the import’s checks and its one writer', () => {
  it('opens an ordinary trace: one session marked openedTrace, its row naming it', async () => {
    const db = await withPart(JSON.stringify(exportRequest([root, reply([{ toolCallId: 'call_1' }]), tool])));
    const opened = await open(db);
    expect(opened).toMatchObject({ ok: true, reused: false });
    if (!opened.ok) return;
    expect(await db.sessions.get(opened.sessionId)).toMatchObject({
      importedTrace: true,
      openedTrace: { sourceId: S, traceId: T1 },
    });
    expect((await getTraceRow(db, S, T1))?.sessionId).toBe(opened.sessionId);
  });

  it('refuses a hostile shape (a key that reaches Object.prototype) and writes nothing', async () => {
    const doc = JSON.stringify(exportRequest([root])).replace(
      '"name":"ai.generateText"',
      '"name":"ai.generateText","__proto__":{"polluted":true}',
    );
    const db = await withPart(doc);
    const opened = await open(db);
    expect(opened).toEqual({
      ok: false,
      message: expect.stringMatching(
        /^This trace cannot be opened: The file contains a structure that is refused for safety\. \(\$\.resourceSpans\[0\]\.scopeSpans\[0\]\.spans\[0\]\.__proto__: /,
      ),
    });
    expect(await db.sessions.count()).toBe(0);
    expect((await getTraceRow(db, S, T1))?.sessionId).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a trace nested deeper than the import allows and writes nothing', async () => {
    const nested = `${'{"kvlistValue":{"values":[{"key":"k","value":'.repeat(100)}{"stringValue":"x"}${'}]}}'.repeat(100)}`;
    const db = await withPart(
      JSON.stringify(exportRequest([{ ...root, attrs: { deep: 'NESTED' } }])).replace(
        '{"stringValue":"NESTED"}',
        nested,
      ),
    );
    const opened = await open(db);
    expect(opened).toEqual({ ok: false, message: expect.stringContaining('refused for safety') });
    expect(await db.sessions.count()).toBe(0);
  });

  it('opens a trace whose reply names a call with no tool span (the agent stopped with it pending): the call answered as interrupted, not recorded', async () => {
    const db = await withPart(JSON.stringify(exportRequest([root, reply([{ toolCallId: 'call_1' }])])));
    const opened = await open(db);
    expect(opened).toMatchObject({ ok: true, reused: false });
    if (!opened.ok) return;
    expect(await db.sessions.get(opened.sessionId)).toMatchObject({ openedTrace: { sourceId: S, traceId: T1 } });
    const result = (await db.messages.where('sessionId').equals(opened.sessionId).toArray()).find(
      (m) => m.role === 'tool',
    );
    expect(result).toMatchObject({
      toolCallId: 'call_1',
      content: NOT_RECORDED_RESULT,
      isError: true,
      outcome: 'interrupted',
    });
    expect(await db.toolCalls.where('sessionId').equals(opened.sessionId).toArray()).toEqual([
      expect.objectContaining({ id: 'call_1', status: 'interrupted' }),
    ]);
  });

  it('refuses a trace whose history is not valid (one reply naming a call id twice), as an import does, and writes nothing', async () => {
    const db = await withPart(
      JSON.stringify(exportRequest([root, reply([{ toolCallId: 'call_1' }, { toolCallId: 'call_1' }]), tool])),
    );
    const opened = await open(db);
    expect(opened).toEqual({
      ok: false,
      message: expect.stringContaining('a valid history: tool call id "call_1" appears twice in one message'),
    });
    expect(await db.sessions.count()).toBe(0);
    expect(await db.toolCalls.count()).toBe(0);
    expect((await getTraceRow(db, S, T1))?.sessionId).toBeUndefined();
  });
});
