import { memo } from 'react';
import { barAriaLabel } from '../../timeline/layout';
import type { Bar } from '../../timeline/bar-shape';
import {
  barText,
  ICON_ROOM_PX,
  labelPlace,
  MIN_BAR_PX,
  RUN_LINE_PX,
  segmentFill,
  segmentHeight,
  textWidth,
} from '../../timeline/bar-paint';
import { SEGMENT_COLORS, STATUS_STYLES } from '../../timeline/outcome-style';

type Props = {
  bar: Bar;
  /** Pixel mapping of the current window. */
  x: (ms: number) => number;
  y: number;
  height: number;
  selected: boolean;
  /** Pixels free after the bar before the next bar in the row (labels of packed thin bars would overprint). */
  roomAfter: number;
  /** 0 for the one bar the Tab key reaches (roving tabindex), -1 for the rest. */
  tabIndex: 0 | -1;
};

/** One bar: segments, outcome icon (always drawn, so outcome never rests on colour) and a label when it fits. */
function TimelineBarImpl({ bar, x, y, height, selected, roomAfter, tabIndex }: Props) {
  const style = STATUS_STYLES[bar.status];
  const x0 = x(bar.start);
  const w = Math.max(MIN_BAR_PX, x(bar.end) - x0);
  const top = y + 4;
  const h = height - 8;
  const mid = top + h / 2;
  const common = {
    role: 'button',
    tabIndex,
    'aria-label': barAriaLabel(bar),
    className: `tl-bar tl-bar-${bar.kind}${bar.runBy ? ' tl-bar-provider' : ''}${bar.span ? ' tl-bar-span' : ''}${selected ? ' is-selected' : ''}`,
    'data-bar-id': bar.id,
    'data-kind': bar.kind,
    'data-outcome': bar.status,
    'data-lane': bar.lane ?? undefined,
    'data-start': bar.start.toFixed(1),
    'data-end': bar.end.toFixed(1),
    'data-call-id': bar.callId ?? undefined,
    'data-run-by': bar.runBy ?? undefined,
    'data-span': bar.span ? 'true' : undefined,
    'data-turn': bar.turn ?? undefined,
    'data-run': bar.runIndex,
    'data-attempt': bar.attempt ?? undefined,
    'data-repeat': bar.repeat,
    'data-edited': bar.edited ? 'true' : undefined,
    'data-selected': selected ? 'true' : undefined,
  } as const;

  if (bar.kind === 'compaction') {
    return (
      <g {...common}>
        <path d={`M${x0} ${top} l6 ${h / 2} l-6 ${h / 2} l-6 ${-h / 2} z`} fill={SEGMENT_COLORS.compaction} />
        <text x={x0 + 8} y={mid + 4} className="tl-text-out">
          ⇊
        </text>
      </g>
    );
  }
  if (bar.kind === 'view') {
    // A point: filled for a request (with its outcome icon when there is room), hollow for what the host told the View.
    const request = bar.viewEvent?.outcome !== 'notice';
    return (
      <g {...common}>
        <rect x={x0 - 6} y={top} width={12} height={h} fill="transparent" className="tl-hit" />
        <circle cx={x0} cy={mid} r={4} fill={request ? style.color : 'none'} stroke={style.color} strokeWidth={2} />
        {selected && <rect x={x0 - 7} y={top - 2} width={14} height={h + 4} rx={3} className="tl-selection" />}
        {request && roomAfter >= ICON_ROOM_PX && (
          <text x={x0 + 7} y={mid + 4} className="tl-text-out">
            {style.icon}
          </text>
        )}
      </g>
    );
  }
  if (bar.kind === 'backoff') {
    const text = `↻ ${bar.label}`;
    return (
      <g {...common}>
        <rect x={x0} y={top} width={w} height={h} fill="transparent" />
        <line
          x1={x0}
          x2={x0 + w}
          y1={mid}
          y2={mid}
          stroke={SEGMENT_COLORS.backoff}
          strokeWidth={2}
          strokeDasharray="4 3"
        />
        {w > textWidth(text) && (
          <text x={x0 + 4} y={top + 1 + 9} className="tl-text-out tl-small">
            {text}
          </text>
        )}
      </g>
    );
  }

  const band = segmentHeight(bar, h);
  const segments = bar.segments.flatMap((s) => {
    const fill = segmentFill(bar, s.kind);
    if (!fill) return [];
    const sx = x(s.start);
    return [
      <rect
        key={`${s.kind}${s.start}`}
        x={sx}
        y={top}
        width={Math.max(1, x(s.end) - sx)}
        height={band}
        fill={fill}
        className={`tl-seg tl-seg-${s.kind}`}
        data-segment={s.kind}
      />,
    ];
  });
  const text = barText(bar);
  const runRow = bar.kind === 'run';
  const place = runRow ? 'inside' : labelPlace(bar, w, roomAfter);
  // Thin bars get a wider invisible hit area that also covers what is drawn after them.
  const hitW = place === 'after' ? w + textWidth(text) : place === 'icon' ? w + 18 : w;
  return (
    <g {...common}>
      <rect x={x0 - 2} y={top} width={hitW + 4} height={h} fill="transparent" className="tl-hit" />
      <rect
        x={x0}
        y={runRow ? top + h - RUN_LINE_PX : top}
        width={w}
        height={runRow ? RUN_LINE_PX : h}
        rx={2}
        fill={style.color}
        className="tl-rect"
      />
      {!runRow && segments}
      {bar.open && <path d={`M${x0 + w} ${top} l6 ${h / 2} l-6 ${h / 2} z`} fill={style.color} />}
      {selected && <rect x={x0 - 2} y={top - 2} width={w + 4} height={h + 4} rx={3} className="tl-selection" />}
      {runRow ? (
        <text x={x0 + 4} y={top - 2} className="tl-text-out tl-small" dominantBaseline="hanging">
          {text}
        </text>
      ) : place === 'inside' ? (
        <text x={x0 + 4} y={mid + 4} className="tl-text-in">
          {text}
        </text>
      ) : place === 'after' ? (
        <text x={x0 + w + 3} y={mid + 4} className="tl-text-out">
          {text}
        </text>
      ) : place === 'icon' ? (
        <text x={x0 + w + 3} y={mid + 4} className="tl-text-out">
          {style.icon}
        </text>
      ) : null}
    </g>
  );
}

export const TimelineBar = memo(TimelineBarImpl);
