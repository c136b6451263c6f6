import { memo } from 'react';
import { barAriaLabel } from '../../timeline/layout';
import type { Bar } from '../../timeline/bar-shape';
import { MIN_BAR_PX, RUN_LINE_PX, segmentFill, segmentHeight } from '../../timeline/bar-paint';
import { drawnSpan, rowLabels, type LabelPlan } from '../../timeline/label-place';
import { SEGMENT_COLORS, STATUS_STYLES } from '../../timeline/outcome-style';

type Props = {
  bar: Bar;
  /** Pixel mapping of the current window. */
  x: (ms: number) => number;
  y: number;
  height: number;
  selected: boolean;
  /** The row's bars as drawn and this one's index: its label is placed with its neighbours' (rowLabels). */
  row: readonly Bar[];
  index: number;
  /** The plot's left and right edges in the px of `x`: a label is drawn whole between them. */
  plotLeft: number;
  plotRight: number;
  /** 0 for the one bar the Tab key reaches (roving tabindex), -1 for the rest. */
  tabIndex: 0 | -1;
};

const NO_LABEL: LabelPlan = { place: 'none' };

/** The label as planned: on a fill in its ink (no outline: the ink holds 4.5:1 there), else in the page's text colour. */
function LabelText({ plan, top, mid }: { plan: LabelPlan; top: number; mid: number }) {
  switch (plan.place) {
    case 'none':
      return null;
    case 'inside':
      return (
        <text x={plan.x} y={mid + 4} className="tl-text-in" fill={plan.ink}>
          {plan.text}
        </text>
      );
    case 'above':
      return (
        <text x={plan.x} y={top - 2} className="tl-text-out tl-small" dominantBaseline="hanging">
          {plan.text}
        </text>
      );
    case 'gap':
      return (
        <text x={plan.x} y={mid + 3.5} className="tl-text-out tl-small" textAnchor="middle">
          {plan.text}
        </text>
      );
    default:
      return (
        <text
          x={plan.x}
          y={mid + 4}
          className="tl-text-out"
          textAnchor={plan.anchor === 'start' ? undefined : plan.anchor}
        >
          {plan.text}
        </text>
      );
  }
}

/** One bar: segments, outcome icon (always drawn, so outcome never rests on colour) and a label when it fits. */
function TimelineBarImpl({ bar, row, index, x, plotLeft, plotRight, y, height, selected, tabIndex }: Props) {
  const label = rowLabels(row, { x, left: plotLeft, right: plotRight })[index] ?? NO_LABEL;
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

  const labelled = <LabelText plan={label} top={top} mid={mid} />;
  // The invisible hit area covers the label too, so a name drawn beside a thin bar opens it.
  const span = drawnSpan(bar, x);
  const hitL = Math.min(span.l, label.place === 'none' ? span.l : label.left) - 2;
  const hitR = Math.max(span.r, label.place === 'none' ? span.r : label.right) + 2;
  const hit = <rect x={hitL} y={top} width={hitR - hitL} height={h} fill="transparent" className="tl-hit" />;

  if (bar.kind === 'compaction') {
    return (
      <g {...common}>
        {hit}
        <path d={`M${x0} ${top} l6 ${h / 2} l-6 ${h / 2} l-6 ${-h / 2} z`} fill={SEGMENT_COLORS.compaction} />
        {labelled}
      </g>
    );
  }
  if (bar.kind === 'view') {
    // A point: filled for a request (with its outcome icon when there is room), hollow for what the host told the View.
    const request = bar.viewEvent?.outcome !== 'notice';
    return (
      <g {...common}>
        {hit}
        <circle cx={x0} cy={mid} r={4} fill={request ? style.color : 'none'} stroke={style.color} strokeWidth={2} />
        {selected && <rect x={x0 - 7} y={top - 2} width={14} height={h + 4} rx={3} className="tl-selection" />}
        {labelled}
      </g>
    );
  }
  if (bar.kind === 'backoff') {
    // A label in the line's span breaks the line, so no dash runs through the text.
    const pieces: [number, number][] =
      label.place === 'gap'
        ? [
            [x0, label.left - 2],
            [label.right + 2, x0 + w],
          ]
        : [[x0, x0 + w]];
    return (
      <g {...common}>
        {hit}
        {pieces.map(([x1, x2]) => (
          <line
            key={x1}
            x1={x1}
            x2={x2}
            y1={mid}
            y2={mid}
            stroke={SEGMENT_COLORS.backoff}
            strokeWidth={2}
            strokeDasharray="4 3"
          />
        ))}
        {labelled}
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
  const runRow = bar.kind === 'run';
  // A live run's open edge is as tall as its line, so it stays clear of the run's label above the line.
  const edgeTop = runRow ? top + h - RUN_LINE_PX - 1 : top;
  const edgeH = runRow ? RUN_LINE_PX + 2 : h;
  return (
    <g {...common}>
      {hit}
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
      {bar.open && <path d={`M${x0 + w} ${edgeTop} l6 ${edgeH / 2} l-6 ${edgeH / 2} z`} fill={style.color} />}
      {selected && <rect x={x0 - 2} y={top - 2} width={w + 4} height={h + 4} rx={3} className="tl-selection" />}
      {labelled}
    </g>
  );
}

export const TimelineBar = memo(TimelineBarImpl);
