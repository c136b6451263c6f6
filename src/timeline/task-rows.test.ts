import { describe, expect, it } from 'vitest';
import type { McpTaskRecord } from '../domain/mcp-task';
import { buildTimeline } from './build-timeline';
import { barAriaLabel, layoutTimeline } from './layout';
import { foldLayout } from './fold';
import { withTaskRows } from './task-rows';
import { RunScript, usage } from './testing/run-script';

function session() {
  const s = new RunScript('r1')
    .started()
    .request(1, 0, 50, 100, { usage: usage(20, 8) })
    .tool(1, 'c1', 'long_report', 200, 900)
    .tool(1, 'c2', 'search', 210, 300)
    .request(2, 910, 50, 100, { finish: 'stop', usage: usage(10, 5) })
    .finished(1100, 'complete', usage(60, 25));
  const model = buildTimeline('s1', [s.record()], s.build(), 0);
  return { model, startedAt: model.runs[0]!.startedAt };
}

function task(startedAt: number, changes: Partial<McpTaskRecord>): McpTaskRecord {
  return {
    callId: 'c1',
    sessionId: 's1',
    serverId: 'srv',
    serverName: 'reports',
    toolName: 'long_report',
    taskId: 't-1',
    status: 'completed',
    createdAt: startedAt + 250,
    updatedAt: startedAt + 850,
    ...changes,
  };
}

describe('MCP tasks on the timeline', () => {
  it('draw a Task row right under its call, one level deeper, from the handle to its end, naming the call', () => {
    const { model, startedAt } = session();
    const layout = withTaskRows(layoutTimeline(model), model.runs, [task(startedAt, {})]);
    expect(layout.rows.map((r) => [r.label, r.depth])).toEqual([
      ['Run 1', 0],
      ['Turn 1', 1],
      ['long_report', 2],
      ['Task', 3],
      ['search', 2],
      ['Turn 2', 1],
    ]);
    const bar = layout.rows[3]!.bars[0]!;
    expect([bar.kind, bar.callId, bar.status, bar.start, bar.end]).toEqual(['task', 'c1', 'ok', 250, 850]);
    expect(barAriaLabel(bar)).toBe('task · completed, long_report task on reports, ok, 0.6 s, starts at 0.3 s');
    // The call index points at the call rows, moved down past the task row.
    expect(layout.callIndex.get('c2')?.row).toBe(4);
    expect(layout.callIndex.get('c1')?.bar.kind).toBe('call');
  });

  it('an open task reaches the run end, a failed one is an error, and folding the turn hides it', () => {
    const { model, startedAt } = session();
    const open = withTaskRows(layoutTimeline(model), model.runs, [task(startedAt, { status: 'working' })]);
    const bar = open.rows[3]!.bars[0]!;
    expect([bar.status, bar.end]).toEqual(['running', model.runs[0]!.duration]);
    const failed = withTaskRows(layoutTimeline(model), model.runs, [task(startedAt, { status: 'failed' })]);
    expect(failed.rows[3]!.bars[0]!.status).toBe('error');
    const folded = foldLayout(open, new Set([open.rows[1]!.key]));
    expect(folded.rows.map((r) => r.label)).toEqual(['Run 1', 'Turn 1', 'Turn 2']);
  });

  it('a task of a call the filter hides, or of another session, adds nothing', () => {
    const { model, startedAt } = session();
    const layout = layoutTimeline(model);
    expect(withTaskRows(layout, model.runs, [task(startedAt, { callId: 'other' })])).toBe(layout);
  });

  it("goes after the call's own rows (its sampling requests), so their connector still reads from the call", () => {
    const s = new RunScript('r1')
      .started()
      .request(1, 0, 50, 100, { usage: usage(20, 8) })
      .tool(1, 'c1', 'long_report', 200, 900)
      .finished(1100, 'complete', usage(20, 8));
    const sampled = { model: 'mock-gpt', usage: usage(3, 2), startMs: 100, durationMs: 250 };
    const events = s.build().map((e) => (e.type === 'tool_finished' ? { ...e, sampling: [sampled] } : e));
    const model = buildTimeline('s1', [s.record()], events, 0);
    const layout = withTaskRows(layoutTimeline(model), model.runs, [task(model.runs[0]!.startedAt, {})]);
    expect(layout.rows.map((r) => [r.label, r.depth])).toEqual([
      ['Run 1', 0],
      ['Turn 1', 1],
      ['long_report', 2],
      ['Sampling', 3],
      ['Task', 3],
    ]);
  });
});
