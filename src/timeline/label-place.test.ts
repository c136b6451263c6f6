import { describe, expect, it } from 'vitest';
import type { Bar, Segment } from './bar-shape';
import { barText } from './bar-paint';
import { contrastRatio, INK_DARK, INK_LIGHT, MIN_TEXT_CONTRAST } from './label-contrast';
import { drawnSpan, fillRuns, placeRowLabels, rowLabels, type LabelPlan, type PlotFrame } from './label-place';
import { SEGMENT_COLORS, STATUS_STYLES } from './outcome-style';
import { textPx } from './text-width';

function bar(over: Partial<Bar> & Pick<Bar, 'start' | 'end'>): Bar {
  return {
    id: `b${over.start}`,
    kind: 'call',
    status: 'ok',
    open: false,
    runOffset: 0,
    runIndex: 0,
    turn: 1,
    lane: null,
    callId: null,
    attempt: null,
    label: 'read_file',
    name: 'read_file',
    note: '',
    approvalMs: null,
    segments: [],
    ...over,
  };
}

/** 1 px per ms from x = 100 to 600, clamped a little past the edges as the chart does. */
const frame: PlotFrame = { x: (ms) => 100 + Math.min(Math.max(ms, -10), 510), left: 100, right: 600 };
const place = (bars: Bar[], f: PlotFrame = frame) => placeRowLabels(bars, f);
const only = (b: Bar, f: PlotFrame = frame): LabelPlan => place([b], f)[0] ?? { place: 'none' };
const seg = (kind: Segment['kind'], start: number, end: number): Segment => ({ kind, start, end });

describe('placeRowLabels: on a bar', () => {
  it('puts the name inside a bar wide enough, in the ink that holds 4.5:1 on its colour, with no other fill under it', () => {
    const p = only(bar({ start: 0, end: 200 }));
    expect(p).toMatchObject({ place: 'inside', text: '✓ read_file', x: 104, anchor: 'start', ink: INK_LIGHT });
    if (p.place !== 'inside') return;
    expect(contrastRatio(p.ink, STATUS_STYLES.ok.color)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('on a call waiting for approval, sits on the longer of the two fills, dark on the yellow wait, light on the colour', () => {
    const waitedLong = only(
      bar({ start: 0, end: 300, segments: [seg('approval', 0, 200), seg('execution', 200, 300)] }),
    );
    expect(waitedLong).toMatchObject({ place: 'inside', x: 104, ink: INK_DARK });
    const ranLong = only(bar({ start: 0, end: 300, segments: [seg('approval', 0, 100), seg('execution', 100, 300)] }));
    expect(ranLong).toMatchObject({ place: 'inside', x: 204, ink: INK_LIGHT });
  });

  it("on a model turn, sits on the phase under it (the streaming phase when it is the widest) and takes that phase's ink", () => {
    const req = bar({
      kind: 'request',
      label: 'model · stop',
      start: 0,
      end: 300,
      segments: [seg('queued', 0, 40), seg('waiting', 40, 100), seg('streaming', 100, 300)],
    });
    const p = only(req);
    expect(p).toMatchObject({ place: 'inside', x: 204, ink: INK_LIGHT });
    if (p.place === 'inside') expect(contrastRatio(p.ink, SEGMENT_COLORS.streaming)).toBeGreaterThanOrEqual(4.5);
    // Waiting the longest: on the light blue, in dark ink.
    const slow = { ...req, segments: [seg('queued', 0, 20), seg('waiting', 20, 250), seg('streaming', 250, 300)] };
    expect(only(slow)).toMatchObject({ place: 'inside', x: 124, ink: INK_DARK });
  });

  it('never on a failed request whose phases are a band over its colour (two fills under any text), nor on a see-through span', () => {
    const failed = bar({ kind: 'request', status: 'error', start: 0, end: 300, segments: [seg('waiting', 0, 300)] });
    expect(fillRuns(failed, frame.x).map((r) => r.fill)).toEqual([null]);
    expect(only(failed).place).toBe('after');
    expect(only(bar({ start: 0, end: 300, span: true })).place).toBe('after');
  });

  it('holds its name in the part of a bar the plot shows when the bar runs past an edge', () => {
    const p = only(bar({ start: -300, end: 120 }));
    expect(p).toMatchObject({ place: 'inside', x: 104 });
    const q = only(bar({ start: 420, end: 900 }));
    expect(q).toMatchObject({ place: 'inside', x: 524 });
    if (q.place !== 'none') expect(q.right).toBeLessThanOrEqual(600);
  });
});

describe('placeRowLabels: beside a bar', () => {
  const thin = (start: number, label = 'read_file') => bar({ start, end: start + 2, label });

  it('goes after a thin bar, else before it at the right edge, else the icon alone, else nothing', () => {
    const text = barText(thin(0));
    expect(only(thin(0))).toMatchObject({ place: 'after', text, x: 100 + 2 + 3, anchor: 'start' });
    expect(only(thin(495))).toMatchObject({ place: 'before', text, x: 595 - 3, anchor: 'end' });
    const narrow: PlotFrame = { ...frame, right: 150 };
    expect(only(thin(20), narrow)).toMatchObject({ place: 'after', text: '✓' });
    expect(only(thin(20), { ...narrow, right: 135 })).toMatchObject({ place: 'before', text: '✓' });
    expect(only(thin(20), { ...narrow, left: 110, right: 125 })).toEqual({ place: 'none' });
  });

  it("ends before the next bar's drawing and starts after everything drawn before it, earlier labels included", () => {
    const w = textPx('✓ read_file', 11);
    const [a, b, c] = place([thin(0), thin(3 + w + 3 + 3), thin(3 + w + 3 + 3 + 2 + 3)]);
    expect(a).toMatchObject({ place: 'after' });
    // b: its name fits neither after (c is 3 px on) nor before (a's name ends 3 px before b): its icon has no room either.
    expect(b).toEqual({ place: 'none' });
    expect(c).toMatchObject({ place: 'after' });
  });

  it("keeps clear of a compaction's diamond and a View point, drawn either side of their time", () => {
    const diamond = bar({ kind: 'compaction', start: 100, end: 100, label: 'compacted' });
    expect(drawnSpan(diamond, frame.x)).toEqual({ l: 194, r: 206 });
    const w = textPx('✓ read_file', 11);
    // Bar (2 px), gap, name, gap, then the diamond's left point.
    const [call] = place([thin(100 - 6 - 3 - w - 3 - 2), diamond]);
    expect(call).toMatchObject({ place: 'after', right: 194 - 3 });
    const [tooClose] = place([thin(100 - 6 - 3 - w - 3 - 1), diamond]);
    // A pixel closer: the name no longer fits before the diamond, the icon does.
    expect(tooClose).toMatchObject({ place: 'after', text: '✓' });
  });

  it('leaves room for the open edge of a call still running', () => {
    const running = bar({ start: 0, end: 10, open: true, status: 'running' });
    expect(only(running)).toMatchObject({ place: 'after', x: 100 + 10 + 6 + 3 });
  });
});

describe('placeRowLabels: runs and backoffs', () => {
  it("keeps a run's label over its line and inside the plot, shortening it when the plot is narrow", () => {
    const run = bar({
      kind: 'run',
      start: 450,
      end: 500,
      label: 'Run 3 · gpt-test · interrupted',
      name: 'Run 3',
      note: 'interrupted',
      status: 'interrupted',
    });
    const p = only(run);
    expect(p).toMatchObject({ place: 'above', text: '↯ Run 3 · gpt-test · interrupted' });
    if (p.place !== 'none') expect(p.right).toBeLessThanOrEqual(600);
    expect(only(run, { ...frame, left: 480, right: 600 })).toMatchObject({ text: '↯ Run 3 · interrupted' });
    expect(only(run, { ...frame, left: 540, right: 600 })).toMatchObject({ text: '↯ Run 3' });
  });

  it("writes a long backoff's wait in a break of its line, and nothing over the line of a short one", () => {
    const backoff = (start: number, end: number) =>
      bar({ kind: 'backoff', status: 'retrying', start, end, label: 'retry in 2 s' });
    expect(only(backoff(0, 300))).toMatchObject({ place: 'gap', text: '↻ retry in 2 s', x: 250, anchor: 'middle' });
    const plans = place([
      bar({ kind: 'request', status: 'retrying', start: 0, end: 8 }),
      backoff(8, 20),
      bar({ kind: 'request', start: 20, end: 400 }),
    ]);
    expect(plans[1]).toEqual({ place: 'none' });
    expect(plans[2]?.place).toBe('inside');
  });
});

/** A small deterministic generator, so the property below sees the same rows every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('placeRowLabels: any row', () => {
  it('every label whole inside the plot, clear of other labels and bars, and on a bar only over one fill at 4.5:1', () => {
    const rnd = random(62);
    const kinds = ['call', 'request', 'backoff', 'compaction'] as const;
    const statuses = Object.keys(STATUS_STYLES) as Bar['status'][];
    for (let row = 0; row < 300; row++) {
      const bars: Bar[] = [];
      let t = -40 + rnd() * 60;
      for (let i = 0; i < 2 + Math.floor(rnd() * 8); i++) {
        const kind = kinds[Math.floor(rnd() * kinds.length)] ?? 'call';
        const len = kind === 'compaction' ? 0 : rnd() < 0.5 ? rnd() * 6 : rnd() * 250;
        const segments =
          kind === 'request'
            ? [
                seg('queued', t, t + len * 0.2),
                seg('waiting', t + len * 0.2, t + len * 0.5),
                seg('streaming', t + len * 0.5, t + len),
              ]
            : kind === 'call' && rnd() < 0.4
              ? [seg('approval', t, t + len * rnd()), seg('execution', t + len / 2, t + len)]
              : [];
        const label = 'x'.repeat(1 + Math.floor(rnd() * 45));
        bars.push(
          bar({
            id: `r${row}b${i}`,
            kind,
            start: t,
            end: t + len,
            label,
            segments,
            status: statuses[Math.floor(rnd() * statuses.length)] ?? 'ok',
            open: rnd() < 0.1,
          }),
        );
        t += rnd() < 0.3 ? len * rnd() : len + rnd() * 120;
      }
      const plans = place(bars);
      const boxes = plans.flatMap((p) => (p.place === 'none' ? [] : [p]));
      for (const p of boxes) {
        expect(p.left, `row ${row}`).toBeGreaterThanOrEqual(frame.left);
        expect(p.right, `row ${row}`).toBeLessThanOrEqual(frame.right);
      }
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          if (a && b) expect(a.right <= b.left || b.right <= a.left, `row ${row}: ${a.text} / ${b.text}`).toBe(true);
        }
      plans.forEach((p, i) => {
        if (p.place === 'none' || p.place === 'above') return;
        const own = bars[i];
        if (!own) return;
        if (p.place === 'inside') {
          const fills = fillRuns(own, frame.x).filter((r) => r.l < p.right && r.r > p.left);
          expect(fills, `row ${row}: one fill under ${p.text}`).toHaveLength(1);
          expect(contrastRatio(p.ink, fills[0]?.fill ?? '#808080')).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
        }
        // Beside its bar, or in a backoff's break: over no other bar's drawing (a later bar is painted over earlier).
        bars.forEach((other, k) => {
          if (k === i || (p.place === 'inside' && k < i)) return;
          const s = drawnSpan(other, frame.x);
          expect(p.right <= s.l || p.left >= s.r, `row ${row}: ${p.text} over bar ${k}`).toBe(true);
        });
      });
    }
  });
});

describe('rowLabels', () => {
  it('answers again from what it placed while the bars and the frame are the same', () => {
    const bars = [bar({ start: 0, end: 200 })];
    const first = rowLabels(bars, frame);
    expect(rowLabels(bars, { ...frame })).toBe(first);
    expect(rowLabels(bars, { ...frame, right: 300 })).not.toBe(first);
    expect(rowLabels([...bars], frame)).toEqual(first);
  });
});
