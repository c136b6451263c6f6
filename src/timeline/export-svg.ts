import { LABEL_FONT_PX, MIN_BAR_PX, RUN_LINE_PX, segmentFill, segmentHeight } from './bar-paint';
import { formatTick } from './format';
import { foldLayout } from './fold';
import { barAriaLabel, type Row, TimelineLayout } from './layout';
import type { Bar } from './bar-shape';
import { INK_DARK } from './label-contrast';
import { placeRowLabels, type LabelPlan } from './label-place';
import { SEGMENT_COLORS, STATUS_STYLES } from './outcome-style';
import { foldButtonX, rowConnector, rowNameX } from './row-indent';
import { fitText } from './text-width';
import { tickLabelPlace, ticks } from './ticks';
import type { Viewport } from './viewport';

type SvgExportOptions = {
  width: number;
  rowHeight: number;
  gutter: number;
  title: string;
  /** Dark text on light background; exports do not follow the page theme. */
  background?: string;
  /** The run and turn rows folded on screen: the picture leaves out what is under them, as the chart does. */
  folded?: ReadonlySet<string>;
};

/**
 * Drops what XML 1.0 does not allow at all, not even escaped: C0 controls other than tab, newline and carriage
 * return, U+FFFE/U+FFFF, and UTF-16 halves without their pair. A tool name, result or title from a model can hold
 * them, and one of them makes the whole file unreadable to an SVG viewer.
 */
export function xmlChars(s: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let drop = (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      drop = true;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      drop = true;
    }
    if (drop) {
      out += s.slice(from, i);
      from = i + 1;
    }
  }
  return from === 0 ? s : out + s.slice(from);
}

const esc = (s: string) =>
  xmlChars(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number) => (Math.round(v * 10) / 10).toString();

const MUTED = '#5b626d';

/**
 * A standalone SVG of every row shown (not only the scrolled-in ones, folded runs and turns folded) for the current
 * time window, with inline colours so it renders the same anywhere.
 */
export function exportSvg(full: TimelineLayout, vp: Viewport, opts: SvgExportOptions): string {
  const folded = opts.folded ?? new Set<string>();
  const layout = foldLayout(full, folded);
  const axisH = 28;
  const titleH = 24;
  const top = titleH + axisH;
  const height = top + layout.rows.length * opts.rowHeight + 8;
  const plotW = Math.max(50, opts.width - opts.gutter - 8);
  const pxPerMs = plotW / (vp.end - vp.start);
  const x = (ms: number) => opts.gutter + Math.min(Math.max((ms - vp.start) * pxPerMs, -5), plotW + 5);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${opts.width}" height="${height}" viewBox="0 ` +
      `0 ${opts.width} ${height}" font-family="system-ui, sans-serif" font-size="11">`,
  );
  out.push(`<rect width="100%" height="100%" fill="${opts.background ?? '#ffffff'}"/>`);
  out.push(`<text x="8" y="16" font-size="13" font-weight="600" fill="#1b1e23">${esc(opts.title)}</text>`);
  const { step, values } = ticks(vp.start, vp.end, Math.max(2, Math.floor(plotW / 100)));
  for (const v of values) {
    const tx = x(v);
    out.push(`<line x1="${n(tx)}" x2="${n(tx)}" y1="${titleH + 18}" y2="${height}" stroke="#e3e5e8"/>`);
    const label = formatTick(v, step);
    const place = tickLabelPlace(tx, label, opts.width, LABEL_FONT_PX);
    const anchor = place.anchor === 'end' ? ' text-anchor="end"' : '';
    out.push(`<text x="${n(place.x)}" y="${titleH + 14}" fill="${MUTED}"${anchor}>${esc(label)}</text>`);
  }
  out.push(`<clipPath id="plot"><rect x="${opts.gutter}" y="0" width="${plotW}" height="${height}"/></clipPath>`);
  layout.rows.forEach((row, i) => {
    const y = top + i * opts.rowHeight;
    out.push(rowNameSvg(row, y, opts.rowHeight, opts.gutter, folded));
    out.push('<g clip-path="url(#plot)">');
    const bars = row.bars.filter((bar) => bar.end >= vp.start && bar.start <= vp.end);
    const labels = placeRowLabels(bars, { x, left: opts.gutter, right: opts.gutter + plotW });
    bars.forEach((bar, j) => out.push(barSvg(bar, x, y, opts.rowHeight, labels[j] ?? { place: 'none' })));
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('\n');
}

/**
 * A row's gutter as the chart draws it (ui/timeline/row-gutter.tsx, geometry from row-indent.ts): the name indented
 * by depth and cut to the gutter so a long tool name does not run under the bars, a nested row's connector, and a
 * run's or turn's fold arrow (▸ folded, ▾ open) where its fold button shows it.
 */
function rowNameSvg(row: Row, y: number, rowH: number, gutter: number, folded: ReadonlySet<string>): string {
  const lx = rowNameX(row.depth);
  const base = n(y + rowH / 2 + 4);
  const bold = row.kind === 'run';
  const name = fitText(row.label, gutter - lx - 6, bold ? LABEL_FONT_PX + 1 : LABEL_FONT_PX);
  const connector = rowConnector(row.depth, y, rowH);
  return [
    connector === null
      ? ''
      : `<path d="${connector}" fill="none" stroke="${MUTED}" stroke-opacity="0.6" stroke-width="1" data-connector=""/>`,
    row.foldable
      ? `<text x="${foldButtonX(row.depth) + 4}" y="${base}" fill="${MUTED}">${folded.has(row.key) ? '▸' : '▾'}</text>`
      : '',
    `<text x="${lx}" y="${base}" fill="#1b1e23"${bold ? ' font-weight="600"' : ''}>${esc(name)}</text>`,
  ].join('');
}

/** The label as the chart draws it (timeline-bar.tsx): on a fill in its ink, else in dark text on the white page. */
function labelSvg(plan: LabelPlan, top: number, mid: number): string {
  if (plan.place === 'none') return '';
  const fill = plan.place === 'inside' ? plan.ink : INK_DARK;
  const anchor = plan.anchor === 'start' ? '' : ` text-anchor="${plan.anchor}"`;
  const small = plan.place === 'above' || plan.place === 'gap' ? ' font-size="10"' : '';
  const y =
    plan.place === 'above'
      ? `${n(top - 2)}" dominant-baseline="hanging`
      : n(plan.place === 'gap' ? mid + 3.5 : mid + 4);
  return `<text x="${n(plan.x)}" y="${y}"${small}${anchor} fill="${fill}">${esc(plan.text)}</text>`;
}

function barSvg(bar: Bar, x: (ms: number) => number, y: number, rowH: number, label: LabelPlan): string {
  const style = STATUS_STYLES[bar.status];
  const x0 = x(bar.start);
  const w = Math.max(MIN_BAR_PX, x(bar.end) - x0);
  const h = rowH - 8;
  const top = y + 4;
  const mid = top + h / 2;
  const parts: string[] = [`<g><title>${esc(barAriaLabel(bar))}</title>`];
  if (bar.kind === 'backoff') {
    // As on screen: a label in the line's span breaks the line.
    const pieces =
      label.place === 'gap'
        ? [[x0, label.left - 2] as const, [label.right + 2, x0 + w] as const]
        : [[x0, x0 + w] as const];
    for (const [x1, x2] of pieces)
      parts.push(
        `<line x1="${n(x1)}" x2="${n(x2)}" y1="${n(mid)}" y2="${n(mid)}" stroke="${SEGMENT_COLORS.backoff}" stroke-width="2" stroke-dasharray="4 3"/>`,
      );
  } else if (bar.kind === 'view') {
    const request = bar.viewEvent?.outcome !== 'notice';
    parts.push(
      `<circle cx="${n(x0)}" cy="${n(mid)}" r="4" fill="${request ? style.color : 'none'}" stroke="${style.color}" stroke-width="2"/>`,
    );
  } else if (bar.kind === 'compaction') {
    parts.push(
      `<path d="M${n(x0)} ${n(top)} l6 ${n(h / 2)} l-6 ${n(h / 2)} l-6 ${n(-h / 2)} z" fill="${SEGMENT_COLORS.compaction}"/>`,
    );
  } else if (bar.kind === 'run') {
    // As on screen: a thin line under its label, so the run's outcome word stays readable.
    parts.push(
      `<rect x="${n(x0)}" y="${n(top + h - RUN_LINE_PX)}" width="${n(w)}" height="${RUN_LINE_PX}" rx="2" fill="${style.color}"/>`,
    );
  } else {
    parts.push(`<rect x="${n(x0)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" rx="2" fill="${style.color}"/>`);
    const band = segmentHeight(bar, h);
    for (const s of bar.segments) {
      const fill = segmentFill(bar, s.kind);
      if (!fill) continue;
      const sx = x(s.start);
      parts.push(
        `<rect x="${n(sx)}" y="${n(top)}" width="${n(Math.max(1, x(s.end) - sx))}" height="${n(band)}" fill="${fill}"/>`,
      );
    }
    if (bar.open)
      parts.push(`<path d="M${n(x0 + w)} ${n(top)} l6 ${n(h / 2)} l-6 ${n(h / 2)} z" fill="${style.color}"/>`);
  }
  parts.push(labelSvg(label, top, mid), '</g>');
  return parts.join('');
}
