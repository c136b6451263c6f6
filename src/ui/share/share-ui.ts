/**
 * The share links' UI as one lazy chunk: the "Share link" dialog and the view of an opened link load together on
 * the first use of either, so the first load names one chunk for both (architecture.md, "Share links").
 */
export { ShareLinkDialog } from '../io/share-link-dialog';
export { SharedSessionView } from './shared-session-view';
