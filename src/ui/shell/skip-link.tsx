import type { MouseEvent } from 'react';
import { useUiStore } from '../../store/ui-store';

/** The Message box's id, the skip link's target. */
export const MESSAGE_BOX_ID = 'message-box';

/**
 * The first thing a keyboard reaches in the chat: straight to the Message box, past the sessions list and the views'
 * tabs. Shown only where that box is (a skip link must lead somewhere). Not followed as a plain `#fragment`: the
 * address's fragment is the app's route.
 */
export function SkipLink() {
  const chatShown = useUiStore((s) => s.tab === 'chat' && s.overlay === null);
  if (!chatShown) return null;
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    document.getElementById(MESSAGE_BOX_ID)?.focus();
  };
  return (
    <a className="skip-link" href={`#${MESSAGE_BOX_ID}`} onClick={onClick}>
      Skip to message box
    </a>
  );
}
