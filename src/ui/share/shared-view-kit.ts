import { branchStateOf, pathIds, ROOT_BRANCH } from '../../domain/branches';
import { AssistantMessageView } from '../chat/assistant-message';
import { buildChatModel } from '../chat/chat-rows';
import { LongText } from '../chat/long-text';
import { UserMessageView } from '../chat/user-message';
import { collapseCompacted } from '../context/collapse-compacted';
import { useImportState } from '../io/import-state';

/**
 * What the shared view borrows from the chat (its message views and row model). It is imported only by the shared
 * view, a lazy chunk: the message views are not in the first load (architecture.md, "First load"), and importing
 * them from the app shell would put them back there (e2e/app-bundle-size.spec.ts).
 */
export const sharedViewKit = { branchStateOf, pathIds, ROOT_BRANCH, AssistantMessageView, buildChatModel, LongText, UserMessageView, collapseCompacted, useImportState };

export type SharedViewKit = typeof sharedViewKit;
