import type { Bar } from '../../timeline/bar-shape';
import { formatMs } from '../../timeline/format';
import { STATUS_STYLES } from '../../timeline/outcome-style';

type Props = { bar: Bar; left: number; top: number };

/** What a hovered or focused bar is, in words: its label, outcome, length and start within its run. */
export function BarTooltip({ bar, left, top }: Props) {
  const style = STATUS_STYLES[bar.status];
  return (
    <div role="tooltip" className="tl-tooltip" style={{ left, top }}>
      <strong>{bar.label}</strong>
      <span>
        {style.icon} {style.word}
      </span>
      <span>duration {formatMs(bar.end - bar.start)}</span>
      <span>starts at {formatMs(bar.start - bar.runOffset)}</span>
    </div>
  );
}
