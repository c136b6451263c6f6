import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { buildTimeline } from './build-timeline';
import { exportSvg, xmlChars } from './export-svg';
import { layoutTimeline } from './layout';
import { RunScript } from './testing/run-script';

describe('exportSvg', () => {
  const s = new RunScript('r1')
    .started()
    .request(1, 0, 10, 10)
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

  it('names thin bars after them when the row has room, and never over the next bar', () => {
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
      .tool(1, 'p1', 'packed_one', 5000, 5005)
      .tool(1, 'p2', 'packed_two', 5030, 5035)
      .finished(10_000);
    const l = layoutTimeline(buildTimeline('s1', [t.record()], t.build(), 0));
    const svg = exportSvg(l, { start: 0, end: 10_000 }, opts);
    // Alone in its lane: icon and name after the bar. Packed: 30 ms apart is ~2.6 px here, no room for either.
    expect(svg).toContain('>✓ lonely_tool</text>');
    expect(svg).not.toContain('>✓ packed_one</text>');
    expect(svg).toContain('>✓ packed_two</text>');
    // A failed attempt: its phases are a band along the top, so its red still shows under them.
    const failed =
      /<title>[^<]*Turn 1 model request attempt 1, failed[^<]*<\/title><rect [^>]*height="(\d+)"[^>]*fill="#d0393e"\/><rect [^>]*height="(\d+)"/.exec(
        svg,
      );
    expect(failed?.slice(1).map(Number)).toEqual([16, 6]);
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
