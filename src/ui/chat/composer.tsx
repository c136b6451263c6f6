import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { takeComposerFocus } from './composer-focus';
import { readDraft, writeDraft } from './drafts';

type Props = {
  /** Whose unsent text this is: it survives switching sessions or tabs and coming back. */
  draftKey: string;
  running: boolean;
  readOnly: boolean;
  onSend: (text: string) => Promise<boolean>;
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
  useEffect(() => {
    if (takeComposerFocus()) box.current?.focus();
  }, []);
  // Send and Stop turn disabled once used, which drops the focus on the page; the next thing to do is
  // usually to write, so it goes to the Message box (unless the person has moved on elsewhere).
  const keepTyping = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('form.composer')) box.current?.focus();
  };
  const canSend = text.trim() !== '' && !running && !readOnly && !sending;

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      if (await onSend(text)) {
        setText('');
        keepTyping();
      }
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
    <form className="composer" onSubmit={(e) => { e.preventDefault(); void send(); }}>
      <textarea
        ref={box}
        aria-label="Message"
        placeholder={readOnly ? 'This session is running in another tab' : 'Message (Enter sends, Shift+Enter for a new line)'}
        rows={2}
        value={text}
        disabled={readOnly}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="primary" disabled={!canSend}>Send</button>
      <button type="button" disabled={!running} onClick={() => { onStop(); keepTyping(); }} aria-keyshortcuts="Escape">Stop</button>
    </form>
  );
}
