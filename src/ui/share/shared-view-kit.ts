import { branchStateOf, pathIds, ROOT_BRANCH } from '../../domain/branches';
import { AssistantMessageView } from '../chat/assistant-message';
import { buildChatModel } from '../chat/chat-rows';
import { LongText } from '../chat/long-text';
import { UserMessageView } from '../chat/user-message';
import { collapseCompacted } from '../context/collapse-compacted';
import { useImportState } from '../io/import-state';

/**
 * What the shared view borrows from the chat, handed to it by the app rather than imported: the view is a lazy
 * chunk, and a lazy chunk importing modules of the first load makes the bundler split those into chunks of
 * their own, which the first load then fetches as extra files (e2e/app-bundle-size.spec.ts). All of these are in
 * the first load already.
 */
export const sharedViewKit = { branchStateOf, pathIds, ROOT_BRANCH, AssistantMessageView, buildChatModel, LongText, UserMessageView, collapseCompacted, useImportState };

export type SharedViewKit = typeof sharedViewKit;
