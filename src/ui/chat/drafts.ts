/**
 * Unsent text per session, for this page's life. The composer unmounts whenever the chat does (another
 * session, the Timeline or Tools tab), and what was typed must be there on coming back.
 */
const drafts = new Map<string, string>();

/** The key for the composer shown when no session is selected. */
export const NO_SESSION_DRAFT = '';

export function readDraft(key: string): string {
  return drafts.get(key) ?? '';
}

export function writeDraft(key: string, text: string): void {
  if (text === '') drafts.delete(key);
  else drafts.set(key, text);
}
