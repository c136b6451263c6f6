import { useRef, type KeyboardEvent } from 'react';
import { useUiStore, type AppTab } from '../../store/ui-store';

const TABS: { id: AppTab; label: string }[] = [
  { id: 'chat', label: 'Chat' },
  { id: 'timeline', label: 'Timeline' },
  { id: 'tools', label: 'Tools' },
  { id: 'tests', label: 'Tests' },
  { id: 'traces', label: 'Traces' },
  { id: 'memories', label: 'Memories' },
];

export const tabPanelId = (tab: AppTab) => `panel-${tab}`;
export const tabButtonId = (tab: AppTab) => `tab-${tab}`;

/** WAI-ARIA tabs: one tab stop, arrow keys move between tabs. */
export function TabBar() {
  const tab = useUiStore((s) => s.tab);
  const setTab = useUiStore((s) => s.setTab);
  // Compare and the "not found" screens stand in for every view: no tab is the one shown then, and a tab must not
  // point at a panel that is not in the page.
  const panelShown = useUiStore((s) => s.overlay === null);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.findIndex((t) => t.id === tab);
    let next = -1;
    if (e.key === 'ArrowRight') next = (i + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (i - 1 + TABS.length) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    const target = TABS[next];
    if (!target) return;
    e.preventDefault();
    setTab(target.id);
    refs.current[next]?.focus();
  };

  return (
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
          tabIndex={tab === t.id ? 0 : -1}
          onClick={() => setTab(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
