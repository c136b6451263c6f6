import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { exportSvg } from './export-svg';
import { layoutTimeline } from './layout';
import { RunScript } from './test-events';

describe('exportSvg', () => {
  const s = new RunScript('r1').started().request(1, 0, 10, 10)
    .tool(1, 'a', 'a<b>&"c"', 100, 200)
    .tool(1, 'z', 'far_away', 5000, 6000)
    .finished(6100);
  const layout = layoutTimeline(buildTimeline('s1', [s.record()], s.build(), 0));
  const opts = { width: 1000, rowHeight: 24, gutter: 100, title: 'T & t' };

  it('draws every row, escapes text, and carries accessible titles', () => {
    const svg = exportSvg(layout, { start: 0, end: 6100 }, opts);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(svg).not.toContain('a<b>');
    expect(svg).toContain('T &amp; t');
    for (const label of ['Run 1', 'Turn 1', 'Tools']) expect(svg).toContain(`>${label}</text>`);
    expect(svg).toContain('<title>far_away, ok, 1.0 s, starts at 5.0 s</title>');
    // Height covers title, axis and all rows.
    expect(svg).toContain(`height="${24 + 28 + layout.rows.length * 24 + 8}"`);
  });

  it('leaves out bars outside the time window', () => {
    const svg = exportSvg(layout, { start: 0, end: 1000 }, opts);
    expect(svg).toContain('a&lt;b&gt;');
    expect(svg).not.toContain('far_away,');
  });
});
