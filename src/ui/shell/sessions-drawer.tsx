import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useUiStore } from '../../store/ui-store';
import { SessionsSidebar } from '../sessions/sessions-sidebar';

const DRAWER_ID = 'sessions-drawer';

/**
 * The sessions list: a column beside the views on wide screens, a drawer behind the "Sessions" button on narrow
 * ones (the CSS decides which; the button is hidden where the column shows). Picking or starting a session
 * closes the drawer, as do Esc and a tap beside it; focus goes back to the button, never to the page.
 */
export function useSessionsDrawer() {
  const sessionId = useUiStore((s) => s.currentSessionId);
  // Open for the session shown when it was opened: choosing another (or a new) one closes it without an effect.
  const [openFor, setOpenFor] = useState<{ id: string | null } | null>(null);
  const open = openFor !== null && openFor.id === sessionId;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  useEffect(() => {
    if (open) drawerRef.current?.querySelector<HTMLElement>('button, input')?.focus();
    // Closed with the cursor inside (a session picked): it goes back to the button, unless New session asked the
    // Message box to take it.
    else if (wasOpen.current && useUiStore.getState().composerFocus === null) {
      const active = document.activeElement;
      // Hiding the drawer may already have dropped the cursor to the page.
      if (!active || active === document.body || drawerRef.current?.contains(active)) toggleRef.current?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  const close = () => setOpenFor(null);
  const toggle = (
    <button
      ref={toggleRef}
      type="button"
      className="drawer-toggle"
      aria-expanded={open}
      aria-controls={DRAWER_ID}
      onClick={() => setOpenFor(open ? null : { id: sessionId })}
    >
      Sessions
    </button>
  );
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open || e.defaultPrevented) return;
    // Consumed here: Esc backs out of the drawer and does not also stop a run.
    e.preventDefault();
    close();
    toggleRef.current?.focus();
  };
  const onClick = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest('.session-open')) close();
  };
  const drawer = (
    <>
      <div
        ref={drawerRef}
        id={DRAWER_ID}
        className="sessions-drawer"
        data-open={open}
        onKeyDown={onKeyDown}
        onClick={onClick}
      >
        <SessionsSidebar />
      </div>
      {open && (
        <div
          className="drawer-backdrop"
          aria-hidden="true"
          onClick={() => {
            close();
            toggleRef.current?.focus();
          }}
        />
      )}
    </>
  );
  return { toggle, drawer };
}
