import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { foldLayout, unfoldFor } from './fold';
import { layoutTimeline } from './layout';
import { RunScript } from './testing/run-script';
import { nestedRun } from './testing/nested-run';
import { neighbourBar, placeBars } from './bar-neighbours';

describe('the waterfall rows', () => {
  it('puts a child span right under its parent, one level deeper per parent; parallel calls a row each', () => {
    const layout = nestedRun();
    expect(layout.rows.map((r) => `${r.label}:${r.depth}`)).toEqual([
      'Run 1:0',
      'Turn 1:1',
      'search_web:2',
      'db.query:3',
      'http.get:4',
      'fetch_url:2',
      'Turn 2:1',
    ]);
    // search_web and fetch_url start together: each its own row, both at the same start.
    const [a, b] = [layout.callIndex.get('a')!, layout.callIndex.get('b')!];
    expect(a.row).not.toBe(b.row);
    expect(a.bar.start).toBe(b.bar.start);
  });

  it('breaks a loop of parents at its first call, shown at the top, the other under it', () => {
    const s = new RunScript('r1').started().request(1, 0, 5, 5).tool(1, 'x', 'x', 20, 30).tool(1, 'y', 'y', 21, 31);
    const events = s
      .finished(40)
      .build()
      .map((e) => (e.type === 'tool_started' ? { ...e, parentCallId: e.callId === 'x' ? 'y' : 'x' } : e));
    const layout = layoutTimeline(buildTimeline('s1', [s.record()], events, 0));
    expect(layout.rows.map((r) => `${r.label}:${r.depth}`)).toEqual(['Run 1:0', 'Turn 1:1', 'x:2', 'y:3']);
  });
});

describe('foldLayout', () => {
  it('keeps a folded turn row and leaves out the rows under it, renumbering the call index', () => {
    const layout = nestedRun();
    expect(foldLayout(layout, new Set())).toBe(layout);
    const folded = foldLayout(layout, new Set(['turn:r1:1']));
    expect(folded.rows.map((r) => r.label)).toEqual(['Run 1', 'Turn 1', 'Turn 2']);
    expect(folded.callIndex.size).toBe(0);
    const run = foldLayout(layout, new Set(['run:r1']));
    expect(run.rows.map((r) => r.label)).toEqual(['Run 1']);
  });

  it('moves the arrow keys past a folded turn: down from the turn goes to the next turn', () => {
    const folded = foldLayout(nestedRun(), new Set(['turn:r1:1']));
    const from = placeBars(folded.rows).get('req:r1:1:1')!;
    expect(neighbourBar(folded.rows, from, 'down')?.bar.id).toBe('req:r1:2:1');
  });

  it('unfolds the run and turn a call sits under, and nothing else', () => {
    const layout = nestedRun();
    const folded = new Set(['run:r1', 'turn:r1:1', 'turn:r1:2']);
    expect([...unfoldFor(layout, 'grand', folded)]).toEqual(['turn:r1:2']);
    const none = new Set(['turn:r1:2']);
    expect(unfoldFor(layout, 'b', none)).toBe(none);
  });
});
