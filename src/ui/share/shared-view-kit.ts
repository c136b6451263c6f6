import { BranchSwitcher } from '../chat/branch-switcher';
import { buildChatModel } from '../chat/chat-rows';
import { MessageByRole } from '../chat/message-by-role';
import { collapseCompacted } from '../context/collapse-compacted';
import { useImportState } from '../shared/import-state';
import { sharedBranchView } from './shared-branches';

/**
 * What the shared view borrows from the chat (its message piece, branch switcher and row model) and its branch reading. It is imported only
 * by the shared view, a lazy chunk: the message views are not in the first load (architecture.md, "First load"), and
 * importing them from the app shell would put them back there (e2e/app-bundle-size.spec.ts).
 */
export const sharedViewKit = {
  sharedBranchView,
  BranchSwitcher,
  buildChatModel,
  MessageByRole,
  collapseCompacted,
  useImportState,
};

export type SharedViewKit = typeof sharedViewKit;
