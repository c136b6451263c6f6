import { useId, useState } from 'react';
import { SEGMENT_COLORS } from '../../timeline/outcome-style';

/**
 * "Legend": a disclosure whose group explains the phases and marks of the bars. Shown under the toolbar's row when
 * open, so it stays in view beside the chart while the person reads it.
 */
export function LegendDisclosure({ spans }: { spans: boolean }) {
  const [open, setOpen] = useState(false);
  const groupId = useId();
  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={groupId} onClick={() => setOpen((o) => !o)}>
        Legend
      </button>
      {open && <LegendGroup id={groupId} spans={spans} />}
    </>
  );
}

function LegendGroup({ id, spans }: { id: string; spans: boolean }) {
  return (
    <div id={id} className="tl-legend" role="group" aria-label="Legend">
      <span data-legend="queued">
        <i className="tl-swatch" style={{ background: SEGMENT_COLORS.queued }} /> queued (turn ready, request not sent
        yet)
      </span>
      <span data-legend="waiting">
        <i className="tl-swatch" style={{ background: SEGMENT_COLORS.waiting }} /> waiting for first token
      </span>
      <span data-legend="streaming">
        <i className="tl-swatch" style={{ background: SEGMENT_COLORS.streaming }} /> streaming
      </span>
      <span data-legend="backoff">
        <i className="tl-swatch tl-swatch-dash" /> ↻ retry backoff
      </span>
      <span data-legend="approval">
        <i className="tl-swatch" style={{ background: SEGMENT_COLORS.approval }} /> waiting for approval
      </span>
      {spans && (
        <span data-legend="span">
          <i className="tl-swatch tl-swatch-span" /> other span of the imported trace (not a tool call)
        </span>
      )}
      <span>✓ ok · ✕ error · ◔ timeout · ⊘ cancelled · ⊖ denied · ↯ interrupted · ▶ running · ⇊ context compacted</span>
    </div>
  );
}
