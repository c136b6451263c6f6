import './branches.css';
import { useEffect, useRef, type FormEvent, type KeyboardEvent } from 'react';
import type { AssistantMessage, UserMessage } from '../../domain/messages';
import type { Siblings } from '../../domain/branches';
import { forkAt, regenerate, sendEdit, showBranch } from '../../store/session/branch-actions';
import { editDraftKey, useEditDrafts } from '../../store/session/edit-drafts';

type Props = {
  sessionId: string;
  message: UserMessage | AssistantMessage;
  siblings: Siblings | undefined;
  /** The session is running (here or in another tab): nothing may start a run or change the path. */
  busy: boolean;
};

/**
 * Steering a conversation from one message (architecture.md, "Branches"): Edit and resend a user message,
 * Regenerate a reply, Fork into a new session, and step through the alternatives at this place ("2 / 3").
 */
export function BranchControls({ sessionId, message, siblings, busy }: Props) {
  // The open edit lives in a store, not the row: a row scrolled out of the virtualised list unmounts.
  const draft = useEditDrafts((s) => s.drafts[editDraftKey(sessionId, message.id)] ?? null);
  const setEditDraft = useEditDrafts((s) => s.setEditDraft);
  const setDraft = (text: string | null) => setEditDraft(sessionId, message.id, text);
  const editButton = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  // A row coming back into view with an open edit does not take the cursor; only opening the edit does.
  const wasEditing = useRef(draft !== null);
  useEffect(() => {
    if (draft !== null && !wasEditing.current) box.current?.focus();
    else if (draft === null && wasEditing.current) editButton.current?.focus();
    wasEditing.current = draft !== null;
  }, [draft]);

  const step = (delta: number) => {
    if (!siblings) return;
    const next = siblings.options[siblings.position + delta];
    if (next) void showBranch(sessionId, next.branchId);
  };
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

  return (
    <>
      <div className="branch-controls">
        {siblings && (
          <span className="branch-nav" role="group" aria-label="Branches here">
            <button type="button" aria-label="Previous branch" disabled={busy || siblings.position === 0} onClick={() => step(-1)}>‹</button>
            <span className="branch-counter">{siblings.position + 1} / {siblings.options.length}</span>
            <button type="button" aria-label="Next branch" disabled={busy || siblings.position >= siblings.options.length - 1} onClick={() => step(1)}>›</button>
          </span>
        )}
        {message.role === 'user' && (
          <button type="button" ref={editButton} disabled={busy || draft !== null} onClick={() => setDraft(message.content)}>Edit</button>
        )}
        {message.role === 'assistant' && (
          <button type="button" disabled={busy} onClick={() => void regenerate(sessionId, message.id)}>Regenerate</button>
        )}
        <button type="button" onClick={() => void forkAt(sessionId, message.id)}>Fork</button>
      </div>
      {draft !== null && (
        <form className="edit-form" onSubmit={(e) => void submit(e)}>
          <textarea ref={box} aria-label="Edit message" value={draft} rows={3} onChange={(e) => setDraft(e.target.value)} onKeyDown={onKey} />
          <div className="edit-buttons">
            <button type="submit" className="primary" disabled={busy || draft.trim() === ''}>Send edit</button>
            <button type="button" onClick={() => setDraft(null)}>Cancel</button>
          </div>
        </form>
      )}
    </>
  );
}
