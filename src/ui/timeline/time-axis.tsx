import { formatTick } from '../../timeline/format';
import { tickLabelPlace, ticks } from '../../timeline/ticks';
import { LABEL_FONT_PX } from '../../timeline/bar-paint';
import type { Viewport } from '../../timeline/viewport';

const AXIS_HEIGHT = 24;

export function axisTicks(vp: Viewport, plotWidth: number) {
  return ticks(vp.start, vp.end, Math.max(2, Math.floor(plotWidth / 110)));
}

/** The time axis above the rows; the rows draw the matching grid lines. */
export function TimeAxis({ vp, width, gutter }: { vp: Viewport; width: number; gutter: number }) {
  const plotW = Math.max(1, width - gutter);
  const { step, values } = axisTicks(vp, plotW);
  const x = (ms: number) => gutter + ((ms - vp.start) / (vp.end - vp.start)) * plotW;
  return (
    <svg className="tl-axis" width={width} height={AXIS_HEIGHT} aria-hidden="true">
      <text x={8} y={16} className="tl-axis-caption">
        time →
      </text>
      {values.map((v) => {
        const tx = x(v);
        if (tx < gutter) return null;
        const label = formatTick(v, step);
        const place = tickLabelPlace(tx, label, width, LABEL_FONT_PX);
        return (
          <g key={v}>
            <line x1={tx} x2={tx} y1={AXIS_HEIGHT - 6} y2={AXIS_HEIGHT} className="tl-tick" />
            <text x={place.x} y={14} className="tl-tick-label" textAnchor={place.anchor}>
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
