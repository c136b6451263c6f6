import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { exportSvg, xmlChars } from './export-svg';
import { layoutTimeline } from './layout';
import { RunScript } from './testing/run-script';
import { nestedRun } from './testing/nested-run';
import { textPx } from './text-width';

describe('exportSvg', () => {
  const s = new RunScript('r1')
    .started()
    .request(1, 0, 10, 10)
    .tool(1, 'a', 'a<b>&"c"', 100, 200)
    .tool(1, 'z', 'far_away', 5000, 6000)
    .finished(6100);
  const layout = layoutTimeline(buildTimeline('s1', [s.record()], s.build(), 0));
  const opts = { width: 1000, rowHeight: 24, gutter: 100, title: 'T & t' };
  // The chart's gutter (timeline-chart.tsx's GUTTER): the export draws the rows' names in it.
  const chart = { ...opts, gutter: 148 };

  it('draws every row, escapes text, and carries accessible titles', () => {
    const svg = exportSvg(layout, { start: 0, end: 6100 }, opts);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(svg).not.toContain('a<b>');
    expect(svg).toContain('T &amp; t');
    for (const label of ['Run 1', 'Turn 1', 'far_away']) expect(svg).toContain(`>${label}</text>`);
    expect(svg).toContain('<title>far_away, ok, 1.0 s, starts at 5.0 s</title>');
    // Height covers title, axis and all rows.
    expect(svg).toContain(`height="${24 + 28 + layout.rows.length * 24 + 8}"`);
  });

  it('leaves out bars outside the time window', () => {
    const svg = exportSvg(layout, { start: 0, end: 1000 }, opts);
    expect(svg).toContain('a&lt;b&gt;');
    expect(svg).not.toContain('far_away,');
  });

  it('paints labels as the chart does: whole in the plot, beside thin bars, on one fill in its ink, never outlined', () => {
    const t = new RunScript('r2')
      .started()
      .at(0, { type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' })
      .at(40, {
        type: 'request_failed',
        turn: 1,
        attempt: 1,
        error: { fault: 'system', kind: 'server', status: 503, message: 'busy' },
        retryInMs: 10,
      })
      .request(1, 50, 10, 10, { attempt: 2 })
      .tool(1, 'thin', 'lonely_tool', 100, 110)
      .tool(1, 'wide', 'wide_tool', 2000, 6000)
      .tool(1, 'last', 'last_tool', 9990, 10_000)
      .finished(10_000);
    const l = layoutTimeline(buildTimeline('s1', [t.record()], t.build(), 0));
    const svg = exportSvg(l, { start: 0, end: 10_000 }, opts);
    expect(svg).not.toMatch(/stroke="#1b1e23"|paint-order/);
    const text = (name: string) =>
      new RegExp(`<text x="([\\d.]+)" y="[\\d.]+"( text-anchor="end")? fill="(#[0-9a-f]{6})">✓ ${name}</text>`).exec(
        svg,
      );
    // A thin bar: its name after it, in the page's dark text.
    expect(text('lonely_tool')?.slice(2)).toEqual([undefined, '#1b1e23']);
    // A wide bar: inside, white on its green.
    expect(text('wide_tool')?.slice(2)).toEqual([undefined, '#ffffff']);
    // A bar at the right edge: before it, ending where it starts (the plot ends at 1000 - 8).
    const last = text('last_tool');
    expect(last?.[2]).toBe(' text-anchor="end"');
    expect(Number(last?.[1])).toBeLessThan(992 - 3);
    // A failed attempt: its phases are a band along the top, so its red still shows under them.
    const failed =
      /<title>[^<]*Turn 1 model request attempt 1, failed[^<]*<\/title><rect [^>]*height="(\d+)"[^>]*fill="#d0393e"\/><rect [^>]*height="(\d+)"/.exec(
        svg,
      );
    expect(failed?.slice(1).map(Number)).toEqual([16, 6]);
  });

  it("cuts a row's name to the gutter, so a long tool name does not run under the bars", () => {
    const long = 'summarise_quarterly_revenue_by_region_and_product';
    const t = new RunScript('r4').started().request(1, 0, 10, 10).tool(1, 'l', long, 100, 200).finished(300);
    const svg = exportSvg(
      layoutTimeline(buildTimeline('s1', [t.record()], t.build(), 0)),
      { start: 0, end: 300 },
      chart,
    );
    const row = /<text x="(\d+)" y="[\d.]+" fill="#1b1e23">(summari[^<]*)<\/text>/.exec(svg);
    expect(row?.[2]).toMatch(/…$/);
    expect(long.startsWith(row?.[2]?.slice(0, -1) ?? 'x')).toBe(true);
    expect(Number(row?.[1]) + textPx(row?.[2] ?? '', 11)).toBeLessThanOrEqual(chart.gutter - 6);
    // The bar's name is whole: in its title and beside or in the bar.
    expect(svg).toContain(`<title>${long}, ok,`);
  });

  it("indents a row's name by its depth and joins a nested span to its parent with the chart's connector", () => {
    const svg = exportSvg(nestedRun(), { start: 0, end: 1100 }, chart);
    const nameX = (name: string) =>
      Number(new RegExp(`<text x="([\\d.]+)" y="[\\d.]+" fill="#1b1e23"[^>]*>${name}</text>`).exec(svg)?.[1]);
    const [run, turn, call, child, grand, sibling] = [
      'Run 1',
      'Turn 1',
      'search_web',
      'db.query',
      'http.get',
      'fetch_url',
    ].map(nameX);
    expect([run, turn, call, child, grand]).toEqual([20, 30, 40, 50, 60]);
    expect(sibling).toBe(call);
    // One connector per nested row, from under its parent's name down and across to its own (row-gutter.tsx's path).
    const paths = [...svg.matchAll(/<path d="M([\d.]+) ([\d.]+)V([\d.]+)H([\d.]+)"[^>]*data-connector/g)].map((m) =>
      m.slice(1).map(Number),
    );
    expect(paths).toHaveLength(2);
    const [toChild, toGrand] = paths;
    expect(toChild?.[0]).toBe((call ?? 0) + 3);
    expect(toChild?.[3]).toBe((child ?? 0) - 3);
    expect(toGrand?.[0]).toBe((child ?? 0) + 3);
    expect(toGrand?.[3]).toBe((grand ?? 0) - 3);
    // Down from its row's top to the middle of its row, the 4th row under the title and axis (52 px).
    expect(toChild?.slice(1, 3)).toEqual([52 + 3 * 24, 52 + 3 * 24 + 12]);
  });

  it('draws the rows as folded on screen: a folded turn keeps its row, marked ▸, and its calls are left out', () => {
    const layout = nestedRun();
    const vp = { start: 0, end: 1100 };
    const svg = exportSvg(layout, vp, { ...chart, folded: new Set(['turn:r1:1']) });
    for (const name of ['search_web', 'db.query', 'http.get', 'fetch_url']) expect(svg).not.toContain(name);
    expect(svg).not.toContain('data-connector');
    expect(svg).toContain(`height="${24 + 28 + 3 * 24 + 8}"`);
    const marks = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)"[^>]*>([▸▾])<\/text>/g)].map((m) => m.slice(1));
    // Run 1 open (▾), Turn 1 folded (▸), each left of its name; Turn 2 has no calls, so nothing to fold.
    expect(marks).toEqual([
      ['6', '68', '▾'],
      ['16', '92', '▸'],
    ]);
    // Unfolded, every row is there and every fold mark points down.
    const open = exportSvg(layout, vp, chart);
    expect(open).toContain('>http.get</text>');
    expect([...open.matchAll(/>([▸▾])<\/text>/g)].map((m) => m[1])).toEqual(['▾', '▾']);
  });

  it('drops characters XML cannot hold, so a hostile tool name still gives a file an XML parser (and an SVG viewer) reads', () => {
    const hostile = 'bad\u0000na\u0007me\u001b[31m\uFFFF\uD800';
    const t = new RunScript('r3')
      .started()
      .request(1, 0, 10, 10)
      .tool(1, 'ctl', hostile, 100, 200, 'error', 'boom\u0001')
      .finished(300);
    const l = layoutTimeline(buildTimeline('s1', [t.record()], t.build(), 0));
    const svg = exportSvg(l, { start: 0, end: 300 }, { ...opts, title: 'Session \u0008title' });
    const texts: string[] = [];
    const errors: string[] = [];
    const parser = new SaxesParser({ xmlns: true });
    parser.on('error', (e) => errors.push(e.message));
    parser.on('text', (t) => texts.push(t));
    parser.write(svg).close();
    expect(errors).toEqual([]);
    expect(texts).toContain('Session title');
    expect(texts.some((t) => t.startsWith('badname[31m, error'))).toBe(true);
  });
});

describe('xmlChars', () => {
  it('keeps tab, newline, carriage return, paired surrogates and ordinary text; drops the rest', () => {
    expect(xmlChars('a\tb\nc\rd 😀 é')).toBe('a\tb\nc\rd 😀 é');
    expect(xmlChars('\u0000x\u001fy\uFFFEz\uDC00\uD83D')).toBe('xyz');
  });
});
