import type { MouseEvent } from 'react';
import { useUiStore } from '../../store/ui-store';
import { NO_SESSION_DRAFT } from '../chat/drafts';

/**
 * The first thing a keyboard reaches: straight to the Message box, past the sessions list and the views' tabs.
 * Not a plain `#fragment` link: the address's fragment is the app's route. From another view it opens the chat,
 * and the box takes the cursor once it is mounted (the composer's focus request).
 */
export function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const box = document.querySelector<HTMLTextAreaElement>('form.composer textarea');
    if (box && !box.disabled) {
      box.focus();
      return;
    }
    const ui = useUiStore.getState();
    ui.setTab('chat');
    ui.requestComposerFocus(ui.currentSessionId ?? NO_SESSION_DRAFT);
  };
  return (
    <a className="skip-link" href="#message-box" onClick={onClick}>
      Skip to message box
    </a>
  );
}
