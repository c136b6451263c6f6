/**
 * Labels that read (screens.md, "Timeline layout"): as a timeline opens, every label in the plot is whole inside
 * the plot, no two labels overlap, a label on a bar has no outline and sits on one fill it holds 4.5:1 against, and a
 * label beside a bar holds 4.5:1 against the plot's background. Measured from the page (boxes, computed colours) on
 * a run with parallel calls, retries and phases, and on a 200-call run of 40+ character tool names, at 1280 and
 * 390 px, light and dark, row by row as the chart is scrolled through.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bulkSeed, mixedSeed, openTimeline, seedDatabase } from './support/timeline-seed';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../src/timeline/label-contrast';

type Box = { l: number; r: number; t: number; b: number };
type Label = {
  row: number;
  text: string;
  box: Box;
  inPlot: boolean;
  /** The plot's box for a label in the plot. */
  plot: Box | null;
  ink: string;
  stroke: string;
  strokeWidth: string;
  /** The fill it is drawn on (a bar's rect or phase), or null when it is off the bars. */
  onFill: { fill: string; opacity: number; covers: boolean } | null;
  /** Marks other than rects (a point, a diamond, a dashed line) under the label. */
  overMarks: number;
  background: string;
};

/** What the rows fully in view draw: each label's box, colours and what lies under it. */
function readLabels(page: Page): Promise<{ labels: Label[]; rows: number[] }> {
  return page.evaluate(() => {
    const box = (e: Element) => {
      const r = e.getBoundingClientRect();
      return { l: r.left, r: r.right, t: r.top, b: r.bottom };
    };
    const meet = (a: Box, b: Box) => a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5;
    const within = (a: Box, b: Box) => a.l >= b.l - 0.5 && a.r <= b.r + 0.5 && a.t >= b.t - 0.5 && a.b <= b.b + 0.5;
    const clear = (c: string) => c === 'none' || c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c);
    const chart = document.querySelector('section.tl-chart');
    const scroll = chart?.querySelector('.tl-scroll');
    const rowsSvg = chart?.querySelector('svg.tl-rows');
    if (!chart || !scroll || !rowsSvg) throw new Error('no timeline chart');
    const view = box(scroll);
    const bg = rowsSvg.querySelector('.tl-bg');
    let pageBg = bg ? getComputedStyle(bg).fill : 'none';
    for (let e: Element | null = rowsSvg; e && clear(pageBg); e = e.parentElement)
      pageBg = getComputedStyle(e).backgroundColor;
    const bands = [...rowsSvg.querySelectorAll('.tl-run-band')].map((b) => ({
      box: box(b),
      fill: getComputedStyle(b).fill,
    }));
    const labels: Label[] = [];
    const rows: number[] = [];
    for (const g of rowsSvg.querySelectorAll<SVGGElement>('g[data-row-index]')) {
      const plotSvg = g.querySelector<SVGSVGElement>(':scope > svg');
      if (!plotSvg) continue;
      // The plot's viewport (a nested svg's own client rect is its content's, not its box): from its x, y, width, height.
      const outer = rowsSvg.getBoundingClientRect();
      const [x, y] = [plotSvg.x.baseVal.value, plotSvg.y.baseVal.value];
      const rowBox = {
        l: outer.left + x,
        t: outer.top + y,
        r: outer.left + x + plotSvg.width.baseVal.value,
        b: outer.top + y + plotSvg.height.baseVal.value,
      };
      // A row cut by the scrolled window is judged when it is fully in view.
      if (rowBox.t < view.t - 0.5 || rowBox.b > view.b + 0.5) continue;
      rows.push(Number(g.dataset.rowIndex));
      const marks = [...plotSvg.querySelectorAll('[data-bar-id] :is(rect, path, circle, line)')].filter(
        // What paints: hit areas and the selection ring aside, a fill or a stroke (a dashed backoff line, a point).
        (m) =>
          !m.matches('.tl-hit, .tl-selection') &&
          !(clear(getComputedStyle(m).fill) && clear(getComputedStyle(m).stroke)),
      );
      for (const t of g.querySelectorAll('text')) {
        const tb = box(t);
        if (tb.r - tb.l < 0.5) continue;
        const inPlot = plotSvg.contains(t);
        const under = marks.filter((m) => meet(box(m), tb));
        const fills = under.filter((m) => m.matches('rect.tl-rect, rect.tl-seg'));
        const top = fills.at(-1);
        const cs = getComputedStyle(t);
        const centre = { x: (tb.l + tb.r) / 2, y: (tb.t + tb.b) / 2 };
        const band = bands.find(
          (b) => centre.x >= b.box.l && centre.x <= b.box.r && centre.y >= b.box.t && centre.y <= b.box.b,
        );
        labels.push({
          row: Number(g.dataset.rowIndex),
          text: t.textContent ?? '',
          box: tb,
          inPlot,
          plot: inPlot ? rowBox : null,
          ink: cs.fill,
          stroke: cs.stroke,
          strokeWidth: cs.strokeWidth,
          onFill: top
            ? {
                fill: getComputedStyle(top).fill,
                opacity: Number(getComputedStyle(top).fillOpacity) * Number(getComputedStyle(top).opacity),
                // The topmost fill under the text covers all of it: no other fill shows through anywhere.
                covers: within(tb, box(top)),
              }
            : null,
          overMarks: under.length - fills.length,
          background: band && !clear(band.fill) ? band.fill : pageBg,
        });
      }
    }
    return { labels, rows };
  });
}

type Figures = { onBar: number[]; offBar: number[]; inside: number };

/** Every rule of a readable label, for what is drawn now; returns the contrasts it measured. */
async function checkLabels(page: Page, where: string, figures: Figures): Promise<number[]> {
  const { labels, rows } = await readLabels(page);
  const problems: string[] = [];
  const name = (l: Label) => `"${l.text}" (row ${l.row})`;
  for (const l of labels) {
    if (
      l.inPlot &&
      l.plot &&
      !(
        l.box.l >= l.plot.l - 0.5 &&
        l.box.r <= l.plot.r + 0.5 &&
        l.box.t >= l.plot.t - 0.5 &&
        l.box.b <= l.plot.b + 0.5
      )
    )
      problems.push(`${name(l)} cut at the plot's edge: ${JSON.stringify({ label: l.box, plot: l.plot })}`);
    if (!l.inPlot) continue;
    if (l.stroke !== 'none' && parseFloat(l.strokeWidth) > 0)
      problems.push(`${name(l)} has an outline (${l.stroke} ${l.strokeWidth})`);
    if (l.overMarks > 0) problems.push(`${name(l)} is drawn over a mark of a bar`);
    if (l.onFill) {
      figures.inside++;
      if (!l.onFill.covers) problems.push(`${name(l)} straddles two fills`);
      if (l.onFill.opacity < 1) problems.push(`${name(l)} sits on a see-through fill`);
      const ratio = contrastRatio(l.ink, l.onFill.fill);
      figures.onBar.push(ratio);
      if (ratio < MIN_TEXT_CONTRAST) problems.push(`${name(l)} ${l.ink} on ${l.onFill.fill}: ${ratio.toFixed(2)}:1`);
    } else {
      const ratio = contrastRatio(l.ink, l.background);
      figures.offBar.push(ratio);
      if (ratio < MIN_TEXT_CONTRAST) problems.push(`${name(l)} ${l.ink} on ${l.background}: ${ratio.toFixed(2)}:1`);
    }
  }
  // Any two labels, the gutter's row names among them.
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const [a, b] = [labels[i], labels[j]];
      if (
        a &&
        b &&
        a.box.l < b.box.r - 0.5 &&
        b.box.l < a.box.r - 0.5 &&
        a.box.t < b.box.b - 0.5 &&
        b.box.t < a.box.b - 0.5
      )
        problems.push(`${name(a)} and ${name(b)} overlap`);
    }
  expect(problems, where).toEqual([]);
  return rows;
}

/** Scrolls the chart's rows to `top` (or as far as they go) and waits until they are drawn there; returns where. */
async function scrollRows(page: Page, top: number): Promise<number> {
  const at = await page.locator('section.tl-chart .tl-scroll').evaluate((el, to) => {
    el.scrollTop = to;
    return el.scrollTop;
  }, top);
  // Drawn for the position: the first row fully in the window is mounted at its place.
  await expect
    .poll(() =>
      page.evaluate((scrolled) => {
        const scroll = document.querySelector('section.tl-chart .tl-scroll');
        const first = Math.ceil(scrolled / 24);
        const rowsSvg = document.querySelector('svg.tl-rows');
        const g = document.querySelector<SVGSVGElement>(`svg.tl-rows g[data-row-index="${first}"] > svg`);
        if (!scroll || !rowsSvg || !g) return false;
        const y = rowsSvg.getBoundingClientRect().top + g.y.baseVal.value;
        return Math.abs(y - (scroll.getBoundingClientRect().top + first * 24 - scrolled)) < 1;
      }, at),
    )
    .toBe(true);
  return at;
}

/** Scrolls the chart top to bottom, a window at a time, checking each window once it is drawn; every row is seen. */
async function checkEveryRow(page: Page, where: string, figures: Figures) {
  const chart = page.locator('section.tl-chart');
  const total = Number(await chart.getAttribute('data-rows'));
  expect(total).toBeGreaterThan(0);
  const step = await chart.locator('.tl-scroll').evaluate((el) => Math.max(24, el.clientHeight - 48));
  const seen = new Set<number>();
  let top = await scrollRows(page, 0);
  for (let i = 0; i < 400; i++) {
    for (const r of await checkLabels(page, `${where}, scrolled to ${top}`, figures)) seen.add(r);
    const next = await scrollRows(page, top + step);
    if (next === top) break;
    top = next;
  }
  expect(seen.size, `${where}: rows checked`).toBe(total);
}

/** The time axis's labels are whole too: none runs past the axis's right edge (the last tick's goes before its line). */
async function checkAxis(page: Page, where: string) {
  const cut = await page.locator('section.tl-chart svg.tl-axis').evaluate((axis) => {
    const box = axis.getBoundingClientRect();
    return [...axis.querySelectorAll('.tl-tick-label')].flatMap((t) => {
      const r = t.getBoundingClientRect();
      return r.left < box.left - 0.5 || r.right > box.right + 0.5 ? [`${t.textContent} ${r.left}-${r.right}`] : [];
    });
  });
  expect(cut, `${where}: axis labels past the axis (${await page.locator('.tl-tick-label').count()} labels)`).toEqual(
    [],
  );
}

const LONG_NAMES = [
  'fetch_customer_invoice_history_for_account_v2',
  'summarise_quarterly_revenue_by_region_and_product',
  'lookup_shipping_status_for_every_open_order_today',
  'search_internal_knowledge_base_for_related_tickets',
];

for (const scheme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    test(`labels read at ${width} px, ${scheme}: whole, apart, no outline, 4.5:1 on their fill`, async ({ page }) => {
      test.setTimeout(120_000);
      const figures: Figures = { onBar: [], offBar: [], inside: 0 };
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      const mixed = mixedSeed('tl-labels-mixed');
      const long = bulkSeed('tl-labels-long', 'Long tool names', 20, 10, LONG_NAMES);
      await seedDatabase(page, [mixed, long]);
      for (const [id, title] of [
        ['tl-labels-mixed', 'Timeline mixed run'],
        ['tl-labels-long', 'Long tool names'],
      ] as const) {
        // A wide screen opens it from the session list; a phone follows a link to the session's timeline.
        if (width >= 1000) await openTimeline(page, title);
        else {
          await page.goto(`/#/s/${id}/timeline`);
          await page.getByRole('region', { name: 'Timeline' }).waitFor();
        }
        await expect(page.locator('section.tl-chart [data-kind="call"]').first()).toBeVisible();
        await checkEveryRow(page, `${title} at ${width} px, ${scheme}`, figures);
        await checkAxis(page, `${title} at ${width} px, ${scheme}`);
        // Zoomed in, bars are wide enough to hold their names, and bars cut by the plot's edges hold them in what shows.
        const chart = page.locator('section.tl-chart');
        for (let i = 0; i < 3; i++) {
          const end = await chart.getAttribute('data-view-end');
          await page.getByRole('button', { name: 'Zoom in' }).click();
          await expect(chart).not.toHaveAttribute('data-view-end', end ?? '');
        }
        await checkEveryRow(page, `${title} at ${width} px, ${scheme}, zoomed in`, figures);
      }
      const f = figures;
      expect(f.inside, 'some labels are drawn on bars').toBeGreaterThan(0);
      console.log(
        `${scheme} ${width}px: ${f.onBar.length} labels on bars (lowest ${Math.min(...f.onBar).toFixed(2)}:1), ` +
          `${f.offBar.length} beside (lowest ${Math.min(...f.offBar).toFixed(2)}:1)`,
      );
    });
  }
}
