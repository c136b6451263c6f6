import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../domain/run-events';
import { findHistoryProblems } from '../../domain/history-check';
import type { ChatMessage } from '../../domain/messages';
import { initialLiveRun, reduceRun, type LiveRun } from '../run/live-run';
import { createReplayCursor } from './replay-cursor';

// Recorded with the app: a retried 503, parallel calls with a schema failure, a denied approval, a stopped reply, a compaction.
type Fixture = {
  sessions: { messages: ChatMessage[]; runs: { id: string; startedAt: number }[]; events: AgentEvent[] }[];
};
const file = JSON.parse(
  readFileSync(new URL('../../io/session-file/__fixtures__/export-v1-full.json', import.meta.url), 'utf8'),
) as Fixture;
const session = file.sessions[0]!;

/** Every call the state shows as answered has its tool result appended, and the other way round. */
function consistent(s: LiveRun): string[] {
  const problems: string[] = [];
  const results = new Map(s.appended.flatMap((m) => (m.role === 'tool' ? [[m.toolCallId, m] as const] : [])));
  for (const [id, m] of results) {
    const t = s.tools[id];
    if (!t) problems.push(`result for ${id} with no call state`);
    else if (t.status !== m.outcome) problems.push(`${id}: shows ${t.status}, answered ${m.outcome}`);
  }
  if (s.streaming && s.appended.some((m) => m.id === s.streaming?.messageId))
    problems.push('streaming a message already appended');
  return problems;
}

describe('replay cursor over a stored event stream', () => {
  it('every prefix of every recorded run reduces to a valid state, equal to folding it from the start', () => {
    expect(session.runs.length).toBeGreaterThan(1);
    for (const run of session.runs) {
      const events = session.events.filter((e) => e.runId === run.id);
      const cursor = createReplayCursor(run.id, 's', run.startedAt, events);
      const firstOfRun = session.messages.findIndex((m) => cursor.messageIds.has(m.id));
      const prefix = firstOfRun < 0 ? session.messages : session.messages.slice(0, firstOfRun);
      let folded = initialLiveRun(run.id, 's', run.startedAt);
      for (let p = 0; p <= events.length; p++) {
        if (p > 0) folded = reduceRun(folded, cursor.events[p - 1]!, run.startedAt + cursor.events[p - 1]!.t);
        const s = cursor.at(p);
        expect(s).toEqual(folded);
        expect(s.lastSeq).toBe(p === 0 ? -1 : cursor.events[p - 1]!.seq);
        expect(consistent(s), `run ${run.id} at ${p}`).toEqual([]);
        // The conversation shown: what came before the run, then what the run appended so far. Calls may still be
        // open at the end (the run is mid-turn there), but nothing else may be wrong with it.
        const problems = findHistoryProblems([...prefix, ...s.appended]).filter((x) => !x.atEnd);
        expect(problems, `run ${run.id} at ${p}`).toEqual([]);
      }
      // At the end the replay shows what the run left: its final state and every message it appended.
      const end = cursor.at(events.length);
      expect(end.stopReason).not.toBeNull();
      expect(end.appended.map((m) => m.id).sort()).toEqual([...cursor.messageIds].sort());
    }
  });

  it('seeks back and forth to the same states, across checkpoints', () => {
    const run = session.runs[0]!;
    const base = session.events.filter((e) => e.runId === run.id);
    // A long stream: the run's deltas many times over, so seeks cross several checkpoints.
    const deltas = base.filter((e) => e.type === 'text_delta');
    const longer = [
      ...base.slice(0, -1),
      ...Array.from({ length: 700 }, (_, i) => ({ ...deltas[i % deltas.length]!, seq: 0 })),
      base.at(-1)!,
    ].map((e, i) => ({ ...e, seq: i }));
    const a = createReplayCursor(run.id, 's', run.startedAt, longer);
    const b = createReplayCursor(run.id, 's', run.startedAt, longer);
    const order = [longer.length, 3, 600, 257, 256, 255, 0, 512, longer.length - 1, 100];
    for (const p of order)
      expect(a.at(p)).toEqual(b.at(p) && createReplayCursor(run.id, 's', run.startedAt, longer).at(p));
    // A state handed out never changes afterwards, though the batches behind it fill their copies in place.
    const early = a.at(300);
    const snapshot = structuredClone(early);
    a.at(longer.length);
    a.at(301);
    expect(early).toEqual(snapshot);
  });
});
