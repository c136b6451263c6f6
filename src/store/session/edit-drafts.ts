import { create } from 'zustand';

/**
 * Open edits of user messages, by session and message. The chat's list is virtualised: a row that scrolls out of
 * view unmounts, and an edit kept in the row would be lost with it. Kept for the page's life, like the composer's
 * drafts; closing the edit (Cancel, Esc, Send edit that started) drops it.
 */
type EditDraftsState = {
  drafts: Readonly<Record<string, string>>;
  /** The edit just opened by its button: its box takes the cursor once (a row scrolled back into view does not). */
  opened: string | null;
  setEditDraft: (sessionId: string, messageId: string, text: string | null) => void;
  openEdit: (sessionId: string, messageId: string, text: string) => void;
  /** True once for the edit just opened, then false. */
  takeOpened: (sessionId: string, messageId: string) => boolean;
};

export const editDraftKey = (sessionId: string, messageId: string) => `${sessionId}\u0000${messageId}`;

export const useEditDrafts = create<EditDraftsState>()((set, get) => ({
  drafts: {},
  opened: null,
  openEdit: (sessionId, messageId, text) => {
    get().setEditDraft(sessionId, messageId, text);
    set({ opened: editDraftKey(sessionId, messageId) });
  },
  takeOpened: (sessionId, messageId) => {
    if (get().opened !== editDraftKey(sessionId, messageId)) return false;
    set({ opened: null });
    return true;
  },
  setEditDraft: (sessionId, messageId, text) =>
    set((s) => {
      const key = editDraftKey(sessionId, messageId);
      if (text === null) {
        if (!(key in s.drafts)) return s;
        const { [key]: _dropped, ...rest } = s.drafts;
        return { drafts: rest };
      }
      return { drafts: { ...s.drafts, [key]: text } };
    }),
}));
