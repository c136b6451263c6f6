import { useRef, useState, type KeyboardEvent } from 'react';
import { useUiStore } from '../../store/ui-store';
import { cursorStaysIn, useComposerFocus } from './composer-focus';
import { MESSAGE_BOX_ID } from '../shell/skip-link';
import { readDraft, writeDraft } from './drafts';

type Props = {
  /** Whose unsent text this is: it survives switching sessions or tabs and coming back. */
  draftKey: string;
  running: boolean;
  readOnly: boolean;
  /** `keepCursor`: the person was writing here, so the box the message goes to should have the cursor next. */
  onSend: (text: string, keepCursor: boolean) => Promise<boolean>;
  onStop: () => void;
};

export function Composer({ draftKey, running, readOnly, onSend, onStop }: Props) {
  const [text, setTextState] = useState(() => readDraft(draftKey));
  const setText = (t: string) => {
    setTextState(t);
    writeDraft(draftKey, t);
  };
  const [sending, setSending] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const form = useRef<HTMLFormElement>(null);
  useComposerFocus(box, draftKey, !readOnly);
  // Send and Stop turn disabled once used: the cursor goes back to the box (unless the person moved it elsewhere).
  const keepTyping = (): boolean => {
    const keep = cursorStaysIn(form.current);
    if (keep) useUiStore.getState().requestComposerFocus(draftKey);
    return keep;
  };
  const canSend = text.trim() !== '' && !running && !readOnly && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      if (await onSend(text, keepTyping())) setText('');
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter while an IME is composing belongs to the IME.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form ref={form} className="composer" onSubmit={(e) => { e.preventDefault(); void send(); }}>
      <textarea
        ref={box}
        id={MESSAGE_BOX_ID}
        aria-label="Message"
        placeholder={readOnly ? 'This session is running in another tab' : 'Message (Enter sends, Shift+Enter for a new line)'}
        rows={2}
        value={text}
        disabled={readOnly}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="primary" disabled={!canSend}>Send</button>
      <button type="button" disabled={!running} onClick={() => { keepTyping(); onStop(); }} aria-keyshortcuts="Escape">Stop</button>
    </form>
  );
}
