import { useEffect } from 'react';
import type { AppTab } from '../../store/ui-store';
import { useMenuKeys } from '../io/menu-keys';
import { usePopover } from '../shared/use-popover';

export type View = { id: AppTab; label: string };

type Props = {
  /** The views whose tabs do not fit; none leaves the button out of sight (it is still measured). */
  views: readonly View[];
  /** The view shown, or null when none is (Compare, "not found"). */
  current: AppTab | null;
  onPick: (view: AppTab) => void;
};

/**
 * "More": a menu (the WAI-ARIA pattern of `ui/io/menu-keys.ts`) of the views whose tabs do not fit in the tab bar
 * (architecture.md, "Narrow screens"). The view shown is checked; picking one opens it and gives the cursor back to
 * the button.
 */
export function MoreViewsMenu({ views, current, onPick }: Props) {
  const pop = usePopover<HTMLDivElement>();
  const onMenuKeyDown = useMenuKeys(pop.open, pop.panel, pop.trigger, pop.close);
  const { open, close } = pop;
  // The window grew and every tab fits again: nothing is left to choose from.
  useEffect(() => {
    if (open && views.length === 0) close();
  }, [open, views.length, close]);
  const holdsCurrent = views.some((v) => v.id === current);
  return (
    <div className="more-views-wrap" ref={pop.wrap}>
      <button
        ref={pop.trigger}
        type="button"
        className="more-views-button"
        aria-haspopup="menu"
        aria-expanded={open}
        data-current={holdsCurrent}
        onClick={pop.toggle}
        onKeyDown={(e) => {
          if (!open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            e.preventDefault();
            pop.toggle();
          }
        }}
      >
        More
      </button>
      {open && (
        <div
          ref={pop.panel}
          role="menu"
          aria-label="More views"
          className={`more-views-menu${pop.alignEnd ? ' align-end' : ''}`}
          onKeyDown={onMenuKeyDown}
        >
          {views.map((v) => (
            <button
              key={v.id}
              type="button"
              role="menuitemradio"
              aria-checked={v.id === current}
              tabIndex={-1}
              onClick={() => {
                close();
                pop.trigger.current?.focus();
                onPick(v.id);
              }}
            >
              {v.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
