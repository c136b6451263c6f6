import './branches.css';
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import type { AssistantMessage, UserMessage } from '../../domain/messages';
import type { Siblings } from '../../domain/branches';
import { sendEdit, showBranch } from '../../store/session/branch-actions';
import { editDraftKey, useEditDrafts } from '../../store/session/edit-drafts';

/**
 * The alternatives at this place ("‹ 2 / 3 ›", architecture.md, "Branches"). Shown at rest: it says where in the
 * conversation's tree this message is, not something to do.
 */
export function BranchNav({ sessionId, siblings, busy }: { sessionId: string; siblings: Siblings | undefined; busy: boolean }) {
  if (!siblings) return null;
  const step = (delta: number) => {
    const next = siblings.options[siblings.position + delta];
    if (next) void showBranch(sessionId, next.branchId);
  };
  return (
    <span className="branch-nav" role="group" aria-label="Branches here">
      <button type="button" className="quiet icon" aria-label="Previous branch" disabled={busy || siblings.position === 0} onClick={() => step(-1)}>‹</button>
      <span className="branch-counter">{siblings.position + 1} / {siblings.options.length}</span>
      <button type="button" className="quiet icon" aria-label="Next branch" disabled={busy || siblings.position >= siblings.options.length - 1} onClick={() => step(1)}>›</button>
    </span>
  );
}

/** The open edit of a user message ("Edit" in its actions opens it): resend it as a new branch. */
export function EditForm({ sessionId, message, busy }: { sessionId: string; message: UserMessage | AssistantMessage; busy: boolean }) {
  // The open edit lives in a store, not the row: a row scrolled out of the virtualised list unmounts.
  const draft = useEditDrafts((s) => s.drafts[editDraftKey(sessionId, message.id)] ?? null);
  const setEditDraft = useEditDrafts((s) => s.setEditDraft);
  const setDraft = (text: string | null) => setEditDraft(sessionId, message.id, text);
  const box = useRef<HTMLTextAreaElement>(null);
  // A row coming back into view with an open edit does not take the cursor; only opening the edit does.
  const wasEditing = useRef(draft !== null);
  const anchor = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (draft !== null) anchor.current = box.current?.closest('article') ?? anchor.current;
    if (draft !== null && !wasEditing.current) box.current?.focus();
    else if (draft === null && wasEditing.current) {
      // Back to the message's "Edit" button, which the edit came from.
      anchor.current?.querySelector<HTMLElement>('[data-action="edit"]')?.focus();
    }
    wasEditing.current = draft !== null;
  }, [draft]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = draft?.trim() ?? '';
    if (!text || busy) return;
    if ((await sendEdit(sessionId, message.id, text)) === 'started') setDraft(null);
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      setDraft(null);
    }
  };
  if (draft === null) return null;
  return (
    <form className="edit-form" onSubmit={(e) => void submit(e)}>
      <textarea ref={box} aria-label="Edit message" value={draft} rows={3} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKey} />
      <div className="edit-buttons">
        <button type="submit" className="primary" disabled={busy || draft.trim() === ''}>Send edit</button>
        <button type="button" onClick={() => setDraft(null)}>Cancel</button>
      </div>
    </form>
  );
}
