import { useId, type KeyboardEvent } from 'react';
import type { CallOutcome } from '../../timeline/model';
import { CALL_OUTCOMES, STATUS_STYLES } from '../../timeline/outcome-style';
import { usePopover } from '../shared/use-popover';

type Props = {
  outcomes: ReadonlySet<CallOutcome>;
  onToggleOutcome: (o: CallOutcome) => void;
};

/**
 * "Filter": a disclosure holding the outcome checkboxes, so they take one button on the toolbar's row. The button
 * says how many outcomes are hidden, so a filtered chart is never mistaken for the whole run. Esc closes it and gives
 * the cursor back to the button; a press outside or the cursor moving on closes it too.
 */
export function TimelineFilter({ outcomes, onToggleOutcome }: Props) {
  const pop = usePopover<HTMLFieldSetElement>();
  const panelId = useId();
  const hidden = CALL_OUTCOMES.filter((o) => !outcomes.has(o)).length;
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || !pop.open) return;
    // The chart's own Esc (closing the details) must not fire as well.
    e.preventDefault();
    e.stopPropagation();
    pop.close();
    pop.trigger.current?.focus();
  };
  return (
    <div
      className="tl-pop-wrap"
      ref={pop.wrap}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Tab past the last checkbox closes it. A press that moves the cursor nowhere (Safari) is the press outside.
        const to = e.relatedTarget;
        if (to instanceof Node && !e.currentTarget.contains(to)) pop.close();
      }}
    >
      <button
        ref={pop.trigger}
        type="button"
        aria-expanded={pop.open}
        aria-controls={panelId}
        className={hidden > 0 ? 'tl-filtered' : undefined}
        onClick={pop.toggle}
      >
        Filter{hidden > 0 ? ` (${hidden} hidden)` : ''}
      </button>
      {pop.open && (
        <fieldset
          ref={pop.panel}
          id={panelId}
          className={`tl-popover tl-outcomes${pop.alignEnd ? ' tl-align-end' : ''}`}
        >
          <legend>Outcome</legend>
          {CALL_OUTCOMES.map((o) => (
            <label key={o} className={`tl-status tl-status-${o}`}>
              <input type="checkbox" checked={outcomes.has(o)} onChange={() => onToggleOutcome(o)} />
              <span aria-hidden="true">{STATUS_STYLES[o].icon}</span> {o}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
