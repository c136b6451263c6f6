import { useRef, type KeyboardEvent } from 'react';
import { useUiStore, type AppTab } from '../../store/ui-store';
import { useFittingTabs } from './fitting-tabs';
import { MoreViewsMenu, type View } from './more-views-menu';

const TABS: View[] = [
  { id: 'chat', label: 'Chat' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'tools', label: 'Tools' },
  { id: 'tests', label: 'Tests' },
  { id: 'traces', label: 'Traces' },
  { id: 'memories', label: 'Memories' },
];

export const tabPanelId = (tab: AppTab) => `panel-${tab}`;
export const tabButtonId = (tab: AppTab) => `tab-${tab}`;

/**
 * WAI-ARIA tabs: one tab stop, arrow keys move between tabs. The tabs that do not fit the width go under "More"
 * (architecture.md, "Narrow screens"); they stay in the page, out of sight and out of reach, so they are measured.
 */
export function TabBar() {
  const tab = useUiStore((s) => s.tab);
  const setTab = useUiStore((s) => s.setTab);
  // Compare and the "not found" screens stand in for every view: no tab is the one shown then, and a tab must not
  // point at a panel that is not in the page.
  const panelShown = useUiStore((s) => s.overlay === null);
  const box = useRef<HTMLDivElement>(null);
  const more = useRef<HTMLDivElement>(null);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const fit = useFittingTabs(box, refs, more, TABS.length);
  const current = TABS.findIndex((t) => t.id === tab);
  // The tab stop: the view's own tab, or the first one when the view is under More.
  const stop = current < fit ? current : 0;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = refs.current.indexOf(e.target as HTMLButtonElement);
    if (i < 0 || fit === 0) return;
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % fit;
    else if (e.key === 'ArrowLeft') next = (i - 1 + fit) % fit;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = fit - 1;
    const target = TABS[next];
    if (!target) return;
    e.preventDefault();
    setTab(target.id);
    refs.current[next]?.focus();
  };

  return (
    <div className="view-nav" ref={box}>
      <div role="tablist" aria-label="Views" className="tab-bar" onKeyDown={onKeyDown}>
        {TABS.map((t, i) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabButtonId(t.id)}
            aria-selected={panelShown && tab === t.id}
            aria-controls={tab === t.id && panelShown ? tabPanelId(t.id) : undefined}
            tabIndex={i === stop ? 0 : -1}
            data-overflow={i >= fit || undefined}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="more-views" ref={more} data-overflow={fit >= TABS.length || undefined}>
        <MoreViewsMenu views={TABS.slice(fit)} current={panelShown ? tab : null} onPick={setTab} />
      </div>
    </div>
  );
}
