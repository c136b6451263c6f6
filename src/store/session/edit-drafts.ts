import { create } from 'zustand';

/**
 * Open edits of user messages, by session and message. The chat's list is virtualised: a row that scrolls out of
 * view unmounts, and an edit kept in the row would be lost with it. Kept for the page's life, like the composer's
 * drafts; closing the edit (Cancel, Esc, Send edit that started) drops it.
 */
type EditDraftsState = {
  drafts: Readonly<Record<string, string>>;
  setEditDraft: (sessionId: string, messageId: string, text: string | null) => void;
};

export const editDraftKey = (sessionId: string, messageId: string) => `${sessionId}\u0000${messageId}`;

export const useEditDrafts = create<EditDraftsState>()((set) => ({
  drafts: {},
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
