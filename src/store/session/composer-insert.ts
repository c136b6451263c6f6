/**
 * Text headed for the Message box from elsewhere (a prompt filled in the Tools view): kept here until the chat's
 * composer takes it, since the composer may not be on screen when the text is ready.
 */
import { create } from 'zustand';
import { useUiStore } from '../ui-store';

export const useComposerInsert = create<{ pending: string | null }>(() => ({ pending: null }));

/** Puts `text` into the Message box (added after what is typed there) and shows the chat. */
export function insertIntoMessage(text: string): void {
  useComposerInsert.setState({ pending: text });
  useUiStore.getState().setTab('chat');
  useUiStore.getState().requestComposerFocus(useUiStore.getState().currentSessionId ?? '');
}

/** The composer takes the pending text once; null when there is none. */
export function takeComposerInsert(): string | null {
  const { pending } = useComposerInsert.getState();
  if (pending !== null) useComposerInsert.setState({ pending: null });
  return pending;
}
