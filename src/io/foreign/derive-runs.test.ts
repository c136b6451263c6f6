import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildTimeline } from '../../timeline/build-timeline';
import { layoutTimeline } from '../../timeline/layout';
import { branchStateOf, groupByBranch, pathIds } from '../../domain/branches';
import { checkExportData } from '../session-file/check-file';
import type { ExportedSessionV1 } from '../session-file/format-v1';
import { parseJsonLinesIfAgui } from './agui-import';
import { ORDER_STEP_MS } from './derive-runs';
import { convertParsed, type Converted } from './open-foreign';

const fixture = (name: string) => readFileSync(new URL(`../__fixtures__/foreign/${name}`, import.meta.url), 'utf8');
let n = 0;
const opts = () => ({ now: 1_800_000_000_000, newId: () => `id-${++n}` });
function ok(c: Converted) {
  if (!c.ok) throw new Error(`conversion failed: ${c.failure.message}`);
  expect(checkExportData(c.file).ok).toBe(true);
  return c.file.sessions;
}
const timeline = (s: ExportedSessionV1) => buildTimeline(s.session.id, s.runs, s.events, 0);
const calls = (s: ExportedSessionV1) => timeline(s).runs.flatMap((r) => r.turns.flatMap((t) => t.calls));

describe('runs read off an imported conversation', () => {
  it('AG-UI: a run per person’s message, timed by the events’ timestamps, with the calls as spans ending at their results', async () => {
    const [s] = ok(await convertParsed(parseJsonLinesIfAgui(fixture('agui-log.jsonl')), 'agui', opts()));
    const users = s!.messages.filter((m) => m.role === 'user');
    expect(s!.runs).toHaveLength(users.length);
    expect(s!.runs.every((r) => r.timing === undefined && r.stopReason === 'complete')).toBe(true);
    // Every reply and result names its run and its turn within the run; the first run starts at RUN_STARTED's time.
    for (const m of s!.messages)
      if (m.role === 'assistant' || m.role === 'tool') expect(s!.runs.map((r) => r.id)).toContain(m.runId);
    expect(s!.runs[0]!.startedAt).toBe(1767225600000);
    const model = timeline(s!);
    expect(model.runs.map((r) => r.state)).toEqual(model.runs.map(() => 'finished'));
    const [call] = calls(s!);
    expect(call).toMatchObject({ name: 'get_weather', outcome: 'ok' });
    expect(call!.arguments).toContain('Paris');
    const reply = s!.messages.find((m) => m.role === 'assistant' && m.toolCalls.some((c) => c.id === call!.callId))!;
    expect(call!.messageId).toBe(reply.id);
    // The span runs from the reply that made the call to the result's timestamp: a real, non-negative duration.
    expect(call!.end! - call!.start).toBe(call!.durationMs);
    expect(call!.durationMs).toBeGreaterThan(0);
    expect(s!.toolCalls.map((c) => c.id)).toEqual([call!.callId]);
  });

  it('Claude: a run whose tool result has no time is laid out by order and marked so; a run with every time keeps them', async () => {
    const [tools, plain] = ok(await convertParsed(JSON.parse(fixture('claude-conversations.json')), 'claude', opts()));
    expect(tools!.runs).toHaveLength(1);
    expect(tools!.runs[0]!.timing).toBe('order');
    const [call] = calls(tools!);
    expect(call).toMatchObject({ name: 'web_search', outcome: 'ok', durationMs: 0 });
    // No duration is made up: the call's bar starts and ends at its step; the steps are a second apart, in order.
    expect(call!.end).toBe(call!.start);
    const [turn1, turn2] = timeline(tools!).runs[0]!.turns;
    expect(turn1!.attempts[0]!.end).toBe(turn1!.attempts[0]!.start);
    expect(call!.start - turn1!.attempts[0]!.start).toBe(ORDER_STEP_MS);
    expect(turn2!.attempts[0]!.start - call!.start).toBe(ORDER_STEP_MS);
    expect(tools!.toolCalls[0]).toMatchObject({
      durationMs: null,
      startedAt: null,
      status: 'ok',
      result: 'Rain on Thursday.',
    });
    // The run's bar says its times are not real.
    expect(layoutTimeline(timeline(tools!)).rows[0]!.bars[0]!.label).toContain('imported without times (order only)');
    expect(layoutTimeline(timeline(plain!)).rows[0]!.bars[0]!.label).not.toContain('without times');

    expect(plain!.runs).toHaveLength(1);
    expect(plain!.runs[0]!.timing).toBeUndefined();
    expect(plain!.runs[0]!.startedAt).toBe(Date.parse('2026-11-02T09:00:00Z'));
    expect(timeline(plain!).runs[0]!.duration).toBe(1000);
  });

  it('ChatGPT: each branch’s messages get runs of their own, so the runs of the shown path are exactly its messages’ runs', async () => {
    const sessions = ok(await convertParsed(JSON.parse(fixture('chatgpt-conversations.json')), 'chatgpt', opts()));
    const s = sessions.find((x) => x.session.title === 'Sunflowers and sums')!;
    const byId = new Map(s.messages.map((m) => [m.id, m]));
    for (const run of s.runs) {
      const own = s.messages.filter((m) => (m.role === 'assistant' || m.role === 'tool' ? m.runId === run.id : false));
      expect(new Set(own.map((m) => m.branchId ?? 'root')).size).toBe(1);
    }
    const state = branchStateOf(s.session);
    const path = pathIds(state, groupByBranch([...s.messages].sort((a, b) => a.order - b.order))).map(
      (id) => byId.get(id)!,
    );
    const pathRuns = new Set(path.flatMap((m) => (m.role === 'assistant' || m.role === 'tool' ? [m.runId] : [])));
    // One run per person's message that has a reply on the path (the last question here has none: no run).
    const answered = path.filter((m, i) => m.role === 'user' && path[i + 1]?.role === 'assistant');
    expect(answered.length).toBe(2);
    expect(pathRuns.size).toBe(answered.length);
    expect(s.runs.length).toBeGreaterThan(pathRuns.size);
    // Turns count from 1 within each run, as the loop counts them.
    for (const run of s.runs) {
      const turns = s.messages.flatMap((m) => (m.role === 'assistant' && m.runId === run.id ? [m.turn] : []));
      expect(turns).toEqual(turns.map((_, i) => i + 1));
    }
    // Runs never overlap on the session's axis, timed or not.
    const ordered = [...s.runs].sort((a, b) => a.startedAt - b.startedAt);
    expect(new Set(ordered.map((r) => r.startedAt)).size).toBe(ordered.length);
    expect(calls(s).length).toBe(s.toolCalls.length);
  });
});
