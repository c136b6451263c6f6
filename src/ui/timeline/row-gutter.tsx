import { useState, type KeyboardEvent } from 'react';
import type { Row } from '../../timeline/layout';
import { foldButtonX, rowConnector, rowNameX } from '../../timeline/row-indent';
import './timeline-rows.css';

/**
 * The gutter of the waterfall (docs/screens.md, "Timeline layout"): each row's name indented by its depth, a nested
 * row joined to its parent by a connector, and a fold button on each run and turn row.
 */

const ELLIPSIS = '…';

let measureCtx: CanvasRenderingContext2D | null | undefined;
let family = 'sans-serif';
const fitted = new Map<string, string>();

/** Text width at the gutter's 12 px font (a run's name is bold: timeline.css); a rough width without a canvas. */
function measure(text: string, bold: boolean): number {
  if (measureCtx === undefined) {
    measureCtx = typeof document === 'undefined' ? null : (document.createElement('canvas').getContext('2d') ?? null);
    if (measureCtx) family = getComputedStyle(document.body).fontFamily;
  }
  if (!measureCtx) return text.length * 7.4;
  measureCtx.font = `${bold ? 600 : 400} 12px ${family}`;
  return measureCtx.measureText(text).width;
}

/** The name cut with an ellipsis to `room` px, so no row name runs into the plot or out of the chart. */
function fitLabel(label: string, room: number, bold: boolean): string {
  const key = `${room}|${bold}|${label}`;
  const known = fitted.get(key);
  if (known !== undefined) return known;
  let out = label;
  if (measure(label, bold) > room) {
    let lo = 0;
    let hi = label.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (measure(label.slice(0, mid) + ELLIPSIS, bold) <= room) lo = mid;
      else hi = mid - 1;
    }
    out = label.slice(0, lo) + ELLIPSIS;
  }
  if (fitted.size > 2000) fitted.clear();
  fitted.set(key, out);
  return out;
}

/** A row's name in the gutter (its full name in a <title> when cut) and, for a nested row, its connector. */
export function RowLabel({ row, y, height, gutter }: { row: Row; y: number; height: number; gutter: number }) {
  const x = rowNameX(row.depth);
  const shown = fitLabel(row.label, gutter - x - 6, row.kind === 'run');
  const connector = rowConnector(row.depth, y, height);
  return (
    <>
      {connector !== null && <path className="tl-row-connector" d={connector} data-connector />}
      <g className="tl-row-name" data-depth={row.depth}>
        {shown !== row.label && <title>{row.label}</title>}
        <text x={x} y={y + height / 2 + 4} className="tl-row-label">
          {shown}
        </text>
      </g>
    </>
  );
}

type FoldProps = {
  rows: readonly Row[];
  /** The mounted rows' indexes, top to bottom. */
  shown: readonly number[];
  rowHeight: number;
  gutter: number;
  folded: ReadonlySet<string>;
  onToggle: (key: string) => void;
};

/**
 * A button per mounted run and turn row, over the gutter: HTML, so it is a real control with `aria-expanded`. It
 * covers the row's name as well as its arrow, a target a finger can hit in a 24 px row. The buttons are one Tab stop
 * (roving), as the bars are: up and down move between them, left folds and right unfolds.
 */
export function FoldButtons({ rows, shown, rowHeight, gutter, folded, onToggle }: FoldProps) {
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const foldable = shown.flatMap((i) => {
    const row = rows[i];
    return row?.foldable ? [{ row, index: i }] : [];
  });
  if (foldable.length === 0) return null;
  const roving = foldable.some((f) => f.row.key === activeKey) ? activeKey : (foldable[0]?.row.key ?? null);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, key: string, at: number) => {
    const open = !folded.has(key);
    let to: number | null = null;
    if (e.key === 'ArrowUp') to = at - 1;
    else if (e.key === 'ArrowDown') to = at + 1;
    else if ((e.key === 'ArrowLeft' && open) || (e.key === 'ArrowRight' && !open)) onToggle(key);
    else if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    e.stopPropagation();
    const next = to === null ? undefined : foldable[to];
    if (!next) return;
    setActiveKey(next.row.key);
    const buttons = e.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('button.tl-fold');
    buttons?.[to ?? 0]?.focus();
  };
  return (
    <div className="tl-folds">
      {foldable.map(({ row, index }, at) => {
        const open = !folded.has(row.key);
        return (
          <button
            key={row.key}
            type="button"
            className="tl-fold"
            aria-expanded={open}
            aria-label={row.label}
            data-fold-key={row.key}
            tabIndex={row.key === roving ? 0 : -1}
            style={{
              top: index * rowHeight,
              left: foldButtonX(row.depth),
              height: rowHeight,
              width: gutter - 2 - foldButtonX(row.depth),
            }}
            onFocus={() => setActiveKey(row.key)}
            onClick={() => onToggle(row.key)}
            onKeyDown={(e) => onKeyDown(e, row.key, at)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        );
      })}
    </div>
  );
}
