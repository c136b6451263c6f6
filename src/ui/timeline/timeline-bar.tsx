import { memo } from 'react';
import { barAriaLabel, type Bar } from '../../timeline/layout';
import { SEGMENT_COLORS, STATUS_STYLES } from '../../timeline/outcome-style';

type Props = {
  bar: Bar;
  /** Pixel mapping of the current window. */
  x: (ms: number) => number;
  y: number;
  height: number;
  selected: boolean;
  /** Room after the bar for its icon before the next bar in the row (icons of packed thin bars would overprint). */
  iconRoom: boolean;
};

const CHAR_PX = 6.6;

/** One bar: segments, outcome icon (always drawn, so outcome never rests on colour) and a label when it fits. */
function TimelineBarImpl({ bar, x, y, height, selected, iconRoom }: Props) {
  const style = STATUS_STYLES[bar.status];
  const x0 = x(bar.start);
  const w = Math.max(2, x(bar.end) - x0);
  const top = y + 4;
  const h = height - 8;
  const mid = top + h / 2;
  const common = {
    role: 'button',
    tabIndex: 0,
    'aria-label': barAriaLabel(bar),
    className: `tl-bar tl-bar-${bar.kind}${selected ? ' is-selected' : ''}`,
    'data-bar-id': bar.id,
    'data-kind': bar.kind,
    'data-outcome': bar.status,
    'data-lane': bar.lane ?? undefined,
    'data-start': bar.start.toFixed(1),
    'data-end': bar.end.toFixed(1),
    'data-call-id': bar.callId ?? undefined,
    'data-turn': bar.turn ?? undefined,
    'data-run': bar.runIndex,
    'data-attempt': bar.attempt ?? undefined,
    'data-selected': selected ? 'true' : undefined,
  } as const;

  if (bar.kind === 'compaction') {
    return (
      <g {...common}>
        <path d={`M${x0} ${top} l6 ${h / 2} l-6 ${h / 2} l-6 ${-h / 2} z`} fill={SEGMENT_COLORS.compaction} />
        <text x={x0 + 8} y={mid + 4} className="tl-text-out">⇊</text>
      </g>
    );
  }
  if (bar.kind === 'backoff') {
    const text = `↻ ${bar.label}`;
    return (
      <g {...common}>
        <rect x={x0} y={top} width={w} height={h} fill="transparent" />
        <line x1={x0} x2={x0 + w} y1={mid} y2={mid} stroke={SEGMENT_COLORS.backoff} strokeWidth={2} strokeDasharray="4 3" />
        {w > text.length * CHAR_PX + 8 && <text x={x0 + 4} y={top + 1 + 9} className="tl-text-out tl-small">{text}</text>}
      </g>
    );
  }

  const blueRequest = bar.kind === 'request' && (bar.status === 'ok' || bar.status === 'running');
  const segments = bar.segments.flatMap((s) => {
    const fill = s.kind === 'queued' ? SEGMENT_COLORS.queued : s.kind === 'waiting' ? SEGMENT_COLORS.waiting : s.kind === 'approval' ? SEGMENT_COLORS.approval : s.kind === 'streaming' && blueRequest ? SEGMENT_COLORS.streaming : null;
    if (!fill) return [];
    const sx = x(s.start);
    // On a failed or cancelled request the phases are a band along the top, so the outcome colour still shows.
    const band = bar.kind === 'request' && !blueRequest ? Math.max(2, Math.round(h * 0.35)) : h;
    return [<rect key={`${s.kind}${s.start}`} x={sx} y={top} width={Math.max(1, x(s.end) - sx)} height={band} fill={fill} className={`tl-seg tl-seg-${s.kind}`} data-segment={s.kind} />];
  });
  const text = `${style.icon} ${bar.label}`;
  const fits = w > text.length * CHAR_PX + 8;
  const runRow = bar.kind === 'run';
  // Thin bars get a wider invisible hit area that also covers their outside icon.
  const hitW = fits || runRow ? w : w + 18;
  return (
    <g {...common}>
      <rect x={x0 - 2} y={top} width={hitW + 4} height={h} fill="transparent" className="tl-hit" />
      <rect x={x0} y={runRow ? top + h / 2 - 3 : top} width={w} height={runRow ? 6 : h} rx={2} fill={style.color} className="tl-rect" />
      {!runRow && segments}
      {bar.open && <path d={`M${x0 + w} ${top} l6 ${h / 2} l-6 ${h / 2} z`} fill={style.color} />}
      {selected && <rect x={x0 - 2} y={top - 2} width={w + 4} height={h + 4} rx={3} className="tl-selection" />}
      {runRow ? (
        <text x={x0 + 4} y={top + 1} className="tl-text-out tl-small" dominantBaseline="hanging">{text}</text>
      ) : fits ? (
        <text x={x0 + 4} y={mid + 4} className="tl-text-in">{text}</text>
      ) : iconRoom ? (
        <text x={x0 + w + 3} y={mid + 4} className="tl-text-out">{style.icon}</text>
      ) : null}
    </g>
  );
}

export const TimelineBar = memo(TimelineBarImpl);
