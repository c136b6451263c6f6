import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../db/records';
import { freshDB } from '../db/testing/fresh-db';
import { cutOutput, DEFAULT_OUTPUT_LIMIT_BYTES, utf8Length } from '../tools/output-limit';
import { buildExport, serializeExport } from './session-file/export-sessions';
import type { ExportFileV1 } from './session-file/format-v1';
import { importThroughJob } from './testing/import-through-job';
import { cutOverLimitValues, withinOutputLimit } from './output-cut';
import { fixtureFile } from './testing/export-fixture';

const LIMIT = DEFAULT_OUTPUT_LIMIT_BYTES;
const BIG = `{"rows":"${'é'.repeat(60_000)}"}`; // 120 KB of UTF-8
const BIG_ERROR = `HTTP 500: ${'x'.repeat(LIMIT)}`;
const BIG_LOG = 'log line '.repeat(10_000);

/** The fixture with call_pAr1s's result, call_t0kY0's error and one of its log entries over the limit everywhere they appear. */
function oversizedFile(): ExportFileV1 {
  const file = fixtureFile();
  const entry = file.sessions[0]!;
  const contentFor: Record<string, string> = { call_pAr1s: BIG, call_t0kY0: BIG_ERROR };
  for (const c of entry.toolCalls) {
    if (contentFor[c.id]) c.result = contentFor[c.id]!;
    if (c.id === 'call_t0kY0') c.logs[0]!.text = BIG_LOG;
  }
  for (const m of entry.messages)
    if (m.role === 'tool' && contentFor[m.toolCallId]) m.content = contentFor[m.toolCallId]!;
  for (const e of entry.events) {
    if (e.type === 'tool_finished' && contentFor[e.callId]) {
      e.result = contentFor[e.callId]!;
      if (e.callId === 'call_t0kY0') e.logs![0]!.text = BIG_LOG;
    }
    if (e.type === 'message_appended' && e.message.role === 'tool' && contentFor[e.message.toolCallId])
      e.message.content = contentFor[e.message.toolCallId]!;
  }
  return file;
}

const finished = (events: EventRecord[], callId: string) =>
  events.find((e) => e.type === 'tool_finished' && e.callId === callId) as Extract<
    EventRecord,
    { type: 'tool_finished' }
  >;

describe('imported tool output is held to the output limit', () => {
  it('cuts each over-limit result, error and log entry with the sandbox marker, the same way in every record', () => {
    const input = oversizedFile();
    const { file, cut } = cutOverLimitValues(input);
    // Per call: its record, its tool message, its tool_finished event and its message_appended event; plus the log twice.
    expect(cut).toBe(10);
    const entry = file.sessions[0]!;
    const call = entry.toolCalls.find((c) => c.id === 'call_pAr1s')!;
    expect(call.result).toBe(cutOutput(BIG, LIMIT));
    expect(call.result).toMatch(/\n…\[output truncated: \d+ bytes omitted\]$/);
    expect(utf8Length(call.result!.slice(0, call.result!.lastIndexOf('\n…[')))).toBeLessThanOrEqual(LIMIT);
    expect(entry.messages.find((m) => m.role === 'tool' && m.toolCallId === 'call_pAr1s')?.content).toBe(call.result);
    expect(finished(entry.events, 'call_pAr1s').result).toBe(call.result);
    const failed = entry.toolCalls.find((c) => c.id === 'call_t0kY0')!;
    expect(failed.result).toBe(cutOutput(BIG_ERROR, LIMIT));
    expect(failed.logs[0]!.text).toBe(cutOutput(BIG_LOG, LIMIT));
    expect(finished(entry.events, 'call_t0kY0').logs![0]!.text).toBe(failed.logs[0]!.text);
    // What was within the limit is the very same object, and the input is not changed.
    expect(entry.toolCalls.find((c) => c.id === 'call_c0nv')).toBe(
      input.sessions[0]!.toolCalls.find((c) => c.id === 'call_c0nv'),
    );
    expect(input.sessions[0]!.toolCalls.find((c) => c.id === 'call_pAr1s')?.result).toBe(BIG);
  });

  it('leaves a file within the limit untouched, and does not cut an already cut value again', () => {
    const plain = fixtureFile();
    expect(cutOverLimitValues(plain)).toEqual({ file: plain, cut: 0 });
    const once = cutOverLimitValues(oversizedFile()).file;
    expect(cutOverLimitValues(once)).toEqual({ file: once, cut: 0 });
    expect(withinOutputLimit('a'.repeat(LIMIT), LIMIT)).toBe(true);
    expect(withinOutputLimit('a'.repeat(LIMIT + 1), LIMIT)).toBe(false);
    // A marker does not excuse text before it that is itself over the limit.
    expect(withinOutputLimit(`${'a'.repeat(LIMIT + 1)}\n…[output truncated: 5 bytes omitted]`, LIMIT)).toBe(false);
  });

  it('an import stores the cut values and says how many; exported and imported again, nothing more is cut', async () => {
    const { db } = freshDB('output-cut-1');
    const out = await importThroughJob(db, JSON.stringify(oversizedFile()));
    if (!out.ok) throw new Error(out.failure.message);
    expect(out.summary.cutValues).toBe(10);
    const stored = await db.toolCalls.where('sessionId').equals(fixtureFile().sessions[0]!.session.id).toArray();
    expect(stored.find((c) => c.id === 'call_pAr1s')?.result).toBe(cutOutput(BIG, LIMIT));

    const again = serializeExport((await buildExport(db, { kind: 'all' })).file);
    const { db: other } = freshDB('output-cut-2');
    expect(await importThroughJob(other, again)).toMatchObject({ ok: true, summary: { cutValues: 0 } });
  });
});
