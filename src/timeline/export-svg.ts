import { formatTick } from './format';
import { barAriaLabel, type Bar, type TimelineLayout } from './layout';
import { SEGMENT_COLORS, STATUS_STYLES } from './outcome-style';
import { ticks } from './ticks';
import type { Viewport } from './viewport';

export type SvgExportOptions = {
  width: number;
  rowHeight: number;
  gutter: number;
  title: string;
  /** Dark text on light background; exports do not follow the page theme. */
  background?: string;
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number) => (Math.round(v * 10) / 10).toString();

/**
 * A standalone SVG of every row (not only the scrolled-in ones) for the current time window,
 * with inline colours so it renders the same anywhere.
 */
export function exportSvg(layout: TimelineLayout, vp: Viewport, opts: SvgExportOptions): string {
  const axisH = 28;
  const titleH = 24;
  const top = titleH + axisH;
  const height = top + layout.rows.length * opts.rowHeight + 8;
  const plotW = Math.max(50, opts.width - opts.gutter - 8);
  const pxPerMs = plotW / (vp.end - vp.start);
  const x = (ms: number) => opts.gutter + Math.min(Math.max((ms - vp.start) * pxPerMs, -5), plotW + 5);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${opts.width}" height="${height}" viewBox="0 0 ${opts.width} ${height}" font-family="system-ui, sans-serif" font-size="11">`);
  out.push(`<rect width="100%" height="100%" fill="${opts.background ?? '#ffffff'}"/>`);
  out.push(`<text x="8" y="16" font-size="13" font-weight="600" fill="#1b1e23">${esc(opts.title)}</text>`);
  const { step, values } = ticks(vp.start, vp.end, Math.max(2, Math.floor(plotW / 100)));
  for (const v of values) {
    const tx = x(v);
    out.push(`<line x1="${n(tx)}" x2="${n(tx)}" y1="${titleH + 18}" y2="${height}" stroke="#e3e5e8"/>`);
    out.push(`<text x="${n(tx + 3)}" y="${titleH + 14}" fill="#5b626d">${esc(formatTick(v, step))}</text>`);
  }
  out.push(`<clipPath id="plot"><rect x="${opts.gutter}" y="0" width="${plotW}" height="${height}"/></clipPath>`);
  layout.rows.forEach((row, i) => {
    const y = top + i * opts.rowHeight;
    const indent = row.kind === 'run' ? 0 : row.kind === 'turn' ? 8 : 16;
    out.push(`<text x="${8 + indent}" y="${n(y + opts.rowHeight / 2 + 4)}" fill="#1b1e23"${row.kind === 'run' ? ' font-weight="600"' : ''}>${esc(row.label)}</text>`);
    out.push('<g clip-path="url(#plot)">');
    for (const bar of row.bars) {
      if (bar.end < vp.start || bar.start > vp.end) continue;
      out.push(barSvg(bar, x, y, opts.rowHeight));
    }
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('\n');
}

function barSvg(bar: Bar, x: (ms: number) => number, y: number, rowH: number): string {
  const style = STATUS_STYLES[bar.status];
  const x0 = x(bar.start);
  const w = Math.max(2, x(bar.end) - x0);
  const h = rowH - 8;
  const top = y + 4;
  const parts: string[] = [`<g><title>${esc(barAriaLabel(bar))}</title>`];
  if (bar.kind === 'backoff') {
    parts.push(`<line x1="${n(x0)}" x2="${n(x0 + w)}" y1="${n(top + h / 2)}" y2="${n(top + h / 2)}" stroke="${SEGMENT_COLORS.backoff}" stroke-dasharray="4 3"/>`);
  } else if (bar.kind === 'compaction') {
    parts.push(`<path d="M${n(x0)} ${n(top)} l5 ${n(h / 2)} l-5 ${n(h / 2)} l-5 ${n(-h / 2)} z" fill="${SEGMENT_COLORS.compaction}"/>`);
  } else {
    parts.push(`<rect x="${n(x0)}" y="${n(top)}" width="${n(w)}" height="${n(h)}" rx="2" fill="${style.color}"/>`);
    for (const s of bar.segments) {
      const fill = s.kind === 'queued' ? SEGMENT_COLORS.queued : s.kind === 'waiting' ? SEGMENT_COLORS.waiting : s.kind === 'approval' ? SEGMENT_COLORS.approval : null;
      if (!fill) continue;
      const sx = x(s.start);
      parts.push(`<rect x="${n(sx)}" y="${n(top)}" width="${n(Math.max(1, x(s.end) - sx))}" height="${n(h)}" fill="${fill}"/>`);
    }
  }
  const text = `${style.icon} ${bar.label}`;
  const inside = w > text.length * 6.5 + 6 && bar.kind !== 'backoff' && bar.kind !== 'compaction';
  parts.push(`<text x="${n(inside ? x0 + 4 : x0 + w + 4)}" y="${n(top + h / 2 + 4)}" fill="${inside ? '#ffffff' : '#1b1e23'}">${esc(text)}</text>`);
  parts.push('</g>');
  return parts.join('');
}
