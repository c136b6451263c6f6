import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { sendEdit } from '../../store/session/branch-actions';
import { editDraftKey, useEditDrafts } from '../../store/session/edit-drafts';
import { primaryClass, usePrimaryClaim } from '../shared/primary-action';

/**
 * The open edit of a user message ("Edit" in its actions opens it), resent as a new branch; shown only while open.
 * The draft lives in a store, not the row: a row scrolled out of the virtualised list unmounts, and the edit must be
 * there when it comes back, without taking the cursor (only opening it does).
 */
export function EditForm({ sessionId, messageId, busy }: { sessionId: string; messageId: string; busy: boolean }) {
  const primary = usePrimaryClaim();
  const draft = useEditDrafts((s) => s.drafts[editDraftKey(sessionId, messageId)] ?? '');
  const setEditDraft = useEditDrafts((s) => s.setEditDraft);
  const [opened] = useState(() => useEditDrafts.getState().takeOpened(sessionId, messageId));
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    const article = box.current?.closest('article');
    if (opened) box.current?.focus();
    // Closed (Cancel, Esc, a sent edit): back to the message's "Edit" button, enabled again by then. A row scrolled
    // away has left the page and takes nothing.
    return () => {
      if (article?.isConnected) article.querySelector<HTMLElement>('[data-action="edit"]')?.focus();
    };
  }, [opened]);

  const close = () => setEditDraft(sessionId, messageId, null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text || busy) return;
    if ((await sendEdit(sessionId, messageId, text)) === 'started') close();
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };
  return (
    <form className="edit-form" onSubmit={(e) => void submit(e)}>
      <textarea
        ref={box}
        aria-label="Edit message"
        value={draft}
        rows={3}
        onChange={(e) => setEditDraft(sessionId, messageId, e.target.value)}
        onKeyDown={onKey}
      />
      <div className="edit-buttons">
        <button type="submit" className={primaryClass(primary)} disabled={busy || draft.trim() === ''}>
          Send edit
        </button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </div>
    </form>
  );
}
