import { useEffect, type KeyboardEvent, type RefObject } from 'react';

const ITEMS =
  '[role="menuitem"]:not(:disabled), [role="menuitemcheckbox"]:not(:disabled), [role="menuitemradio"]:not(:disabled)';

function items(menu: HTMLElement | null): HTMLElement[] {
  return menu ? [...menu.querySelectorAll<HTMLElement>(ITEMS)] : [];
}

/**
 * The WAI-ARIA menu pattern for a menu of buttons: opening puts the cursor on the first item; arrows, Home and End
 * move between items (wrapping); Esc closes and gives the cursor back to the button that opened it; Tab closes and
 * moves on. Items are skipped when disabled.
 */
export function useMenuKeys(
  open: boolean,
  menu: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
  close: () => void,
) {
  useEffect(() => {
    if (open) items(menu.current)[0]?.focus();
  }, [open, menu]);

  return (e: KeyboardEvent<HTMLElement>) => {
    const list = items(menu.current);
    const at = list.indexOf(document.activeElement as HTMLElement);
    let next: number | null = null;
    if (e.key === 'ArrowDown') next = (at + 1) % list.length;
    else if (e.key === 'ArrowUp') next = (at - 1 + list.length) % list.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = list.length - 1;
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
      trigger.current?.focus();
      return;
    } else if (e.key === 'Tab') {
      close();
      return;
    }
    if (next === null || list.length === 0) return;
    e.preventDefault();
    list[next]?.focus();
  };
}
