import type { Row } from './run';
import type { Spread } from './stats';

function ratio(s: Spread): string {
  return `${s.median.toFixed(2)}x (${s.p25.toFixed(2)}-${s.p75.toFixed(2)})`;
}

/** A Markdown table of the rows, one line per case. */
export function table(rows: readonly Row[], target: number): string {
  const head = [
    'case',
    'body',
    'chunks',
    'rounds',
    'floor ms',
    'reader/floor',
    'ours/floor',
    'acc/floor',
    'acc MB/s',
    'sdk/floor',
  ];
  const lines = rows.map((r) => [
    r.case,
    `${(r.bodyBytes / 1048576).toFixed(2)} MB`,
    String(r.chunks),
    String(r.rounds),
    r.medianMs.floor.toFixed(1),
    ratio(r.ratioToFloor.reader),
    `${ratio(r.ratioToFloor.ours)}${r.ratioToFloor.ours.median <= target ? '' : ' OVER'}`,
    ratio(r.ratioToFloor.acc),
    r.accMBps.toFixed(0),
    `${r.ratioToFloor.sdk.median.toFixed(2)}x`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [fmt(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n');
}
