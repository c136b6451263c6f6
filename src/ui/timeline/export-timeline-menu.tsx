import { useMenuKeys } from '../io/menu-keys';
import { usePopover } from '../shared/use-popover';

type Props = { onExportSvg: () => void; onExportPng: () => void };

/**
 * "Export timeline": a menu (the WAI-ARIA pattern of `ui/io/menu-keys.ts`) of the chart's image formats. Named apart
 * from the sessions' "Export" menu, which exports data, not a picture. Choosing gives the cursor back to the button.
 */
export function ExportTimelineMenu({ onExportSvg, onExportPng }: Props) {
  const pop = usePopover<HTMLDivElement>();
  const onMenuKeyDown = useMenuKeys(pop.open, pop.panel, pop.trigger, pop.close);
  const choose = (work: () => void) => {
    pop.close();
    pop.trigger.current?.focus();
    work();
  };
  return (
    <div className="tl-pop-wrap" ref={pop.wrap}>
      <button ref={pop.trigger} type="button" aria-haspopup="menu" aria-expanded={pop.open} onClick={pop.toggle}>
        Export timeline
      </button>
      {pop.open && (
        <div
          ref={pop.panel}
          role="menu"
          aria-label="Export timeline as"
          className={`tl-popover tl-menu${pop.alignEnd ? ' tl-align-end' : ''}`}
          onKeyDown={onMenuKeyDown}
        >
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onExportSvg)}>
            SVG image
          </button>
          <button type="button" role="menuitem" tabIndex={-1} onClick={() => choose(onExportPng)}>
            PNG image
          </button>
        </div>
      )}
    </div>
  );
}
