import { readFileSync } from 'node:fs';
import { validate } from 'virtual:export-schema/otlp-traces';
import { describe, expect, it } from 'vitest';
import { freshDB } from '../../db/testing/fresh-db';
import { INTERRUPTED_RESULT } from '../../db/recover';
import type { McpTaskRecord } from '../../domain/mcp-task';
import { buildOpenAIExport } from '../openai/export-openai';
import { buildExport } from './export-sessions';
import { importThroughJob } from '../testing/import-through-job';
import { sessionsToOtlp } from '../otlp/otlp-export';
import { TOOLSCOPE } from '../otlp/otlp-names';
import { plainValue, type OtlpSpan, type OtlpTraces } from '../otlp/otlp-types';

// A recorded session: call_paris (ok), call_bad (error, its arguments failed the check), call_del (denied).
const FIXTURE = readFileSync(new URL('./__fixtures__/export-v1-full.json', import.meta.url), 'utf8');
const SID = '3fff6cc6-8af7-4e4e-9e1b-75adb9e45dc4';

const task = (callId: string, content: string, isError = false): McpTaskRecord => ({
  callId,
  sessionId: SID,
  serverId: 'srv',
  serverName: 'jobs',
  toolName: 'get_weather',
  taskId: `task-${callId}`,
  status: isError ? 'failed' : 'completed',
  createdAt: 1,
  updatedAt: 2,
  endText: content,
  lateResult: { content, isError, arrivedAt: 1_800_000_000_000 },
});

/** The fixture with call_paris cut by a reload (the interrupted result recovery writes), and late task results stored. */
async function reloadCut() {
  const { db } = freshDB(`late-export-${Math.random()}`);
  expect(await importThroughJob(db, FIXTURE)).toMatchObject({ ok: true });
  const paris = await db.messages.filter((m) => m.role === 'tool' && m.toolCallId === 'call_paris').first();
  if (paris?.role !== 'tool') throw new Error('fixture: no call_paris result');
  await db.messages.put({ ...paris, content: INTERRUPTED_RESULT, isError: true, outcome: 'interrupted' });
  // A late row for a call that has its own result (call_bad) must change nothing.
  await db.mcpTasks.bulkPut([
    task('call_paris', 'Paris: 12 °C, clear (from the task).'),
    task('call_bad', 'not this one'),
  ]);
  return db;
}

const spansOf = (t: OtlpTraces): OtlpSpan[] => t.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
const attrs = (s: OtlpSpan) => Object.fromEntries((s.attributes ?? []).map((a) => [a.key, plainValue(a.value)]));
const toolSpan = (t: OtlpTraces, callId: string) => spansOf(t).find((s) => attrs(s)['gen_ai.tool.call.id'] === callId);

describe('exports read a task result that came after a reload, as the history builder does', () => {
  it('OpenAI format: the interrupted result is the late one, other results stay, the stored messages are untouched', async () => {
    const db = await reloadCut();
    const out = await buildOpenAIExport(db, SID);
    const tools = (out?.messages ?? []).filter((m) => m.role === 'tool');
    expect(tools.find((m) => m.tool_call_id === 'call_paris')?.content).toBe('Paris: 12 °C, clear (from the task).');
    expect(tools.find((m) => m.tool_call_id === 'call_bad')?.content).toMatch(
      /^Error: the arguments for "get_weather"/,
    );
    expect(tools.filter((m) => m.tool_call_id === 'call_paris')).toHaveLength(1);
    const stored = await db.messages.filter((m) => m.role === 'tool' && m.toolCallId === 'call_paris').first();
    expect(stored).toMatchObject({ content: INTERRUPTED_RESULT, outcome: 'interrupted' });

    // A late result that is an error reads as the error it is.
    await db.mcpTasks.put(task('call_paris', 'Error: the task failed: out of disk space', true));
    const failed = await buildOpenAIExport(db, SID);
    expect(failed?.messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_paris')?.content).toBe(
      'Error: the task failed: out of disk space',
    );
    db.close();
  });

  it("OpenTelemetry: the cut call's span has the late outcome and result, marked late; a call's own result is kept", async () => {
    const db = await reloadCut();
    const { file } = await buildExport(db, { kind: 'all' });
    // The reload cut the call before its tool_finished event was written.
    const sessions = file.sessions.map((s) => ({
      ...s,
      events: s.events.filter((e) => !(e.type === 'tool_finished' && e.callId === 'call_paris')),
    }));
    const trace = sessionsToOtlp(sessions, { includeContent: true });
    expect(validate(trace), JSON.stringify(validate.errors)).toBe(true);
    const paris = toolSpan(trace, 'call_paris');
    expect(attrs(paris!)).toMatchObject({
      [TOOLSCOPE.toolOutcome]: 'ok',
      'gen_ai.tool.call.result': 'Paris: 12 °C, clear (from the task).',
      [TOOLSCOPE.toolLateResult]: true,
    });
    expect(paris?.status).toEqual({ code: 0 });
    expect(paris?.events?.at(-1)).toEqual({ timeUnixNano: '1800000000000000000', name: 'late_result' });
    const bad = toolSpan(trace, 'call_bad');
    expect(attrs(bad!)[TOOLSCOPE.toolOutcome]).toBe('error');
    expect(attrs(bad!)[TOOLSCOPE.toolLateResult]).toBeUndefined();
    expect(String(attrs(bad!)['gen_ai.tool.call.result'])).toMatch(/^Error: the arguments/);

    // Without content the result stays out, the outcome is still the late one; without the row it is interrupted.
    expect(attrs(toolSpan(sessionsToOtlp(sessions, { includeContent: false }), 'call_paris')!)).not.toHaveProperty(
      'gen_ai.tool.call.result',
    );
    const noRows = sessions.map((s) => ({ ...s, mcpTasks: [] }));
    const cut = toolSpan(sessionsToOtlp(noRows, { includeContent: true }), 'call_paris')!;
    expect(attrs(cut)[TOOLSCOPE.toolOutcome]).toBe('interrupted');
    expect(cut.status?.code).toBe(2);

    // A failed task's late result makes an error span with its message.
    await db.mcpTasks.put(task('call_paris', 'Error: the task failed: out of disk space', true));
    const again = (await buildExport(db, { kind: 'all' })).file.sessions.map((s) => ({
      ...s,
      events: s.events.filter((e) => !(e.type === 'tool_finished' && e.callId === 'call_paris')),
    }));
    const failed = toolSpan(sessionsToOtlp(again, { includeContent: true }), 'call_paris')!;
    expect(attrs(failed)[TOOLSCOPE.toolOutcome]).toBe('error');
    expect(failed.status).toEqual({ code: 2, message: 'Error: the task failed: out of disk space' });
    db.close();
  });
});
