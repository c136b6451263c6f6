import { useEffect, type RefObject } from 'react';
import { useUiStore } from '../../store/ui-store';

/**
 * True while nothing else holds the cursor: it is on the page itself (a button that turned disabled or a box that
 * was replaced dropped it) or still inside this composer.
 */
export function cursorStaysIn(composer: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || (composer !== null && composer.contains(active));
}

/**
 * Writing is what the chat is for, so the actions that replace or disable the control in hand (the first message,
 * New session, Send, Stop) ask for the Message box to take the cursor: a request in the UI store
 * (`composerFocus`), honoured here once the box with that key is mounted and enabled, whenever that happens.
 * Nothing waits on a timer or on when the browser drops the focus of a disabled button.
 */
export function useComposerFocus(box: RefObject<HTMLTextAreaElement | null>, key: string, enabled: boolean): void {
  const wanted = useUiStore((s) => s.composerFocus === key);

  useEffect(() => {
    if (!wanted || !enabled) return;
    box.current?.focus();
    useUiStore.getState().clearComposerFocus(key);
  }, [wanted, enabled, key, box]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Turning read-only (a run in another tab) drops the cursor in some browsers; it comes back once writable.
    const onFocusOut = () => {
      if (el.disabled) useUiStore.getState().requestComposerFocus(key);
    };
    // The person put the cursor somewhere else first: no request pending from before may pull it away.
    const onFocusIn = (e: FocusEvent) => {
      if (useUiStore.getState().composerFocus === null) return;
      if (e.target instanceof Element && e.target.closest('form.composer')) return;
      useUiStore.getState().clearComposerFocus();
    };
    el.addEventListener('focusout', onFocusOut);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      el.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [box, key]);
}
