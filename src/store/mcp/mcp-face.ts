/**
 * The page side of MCP as the UI sees it: the one module (src/store/mcp/mcp-face.ts) src/ui imports for MCP state and actions (a lint rule holds
 * it, see architecture.md, "Layers and what each may import"). Grouped by capability; each line re-exports from the
 * capability's own folder, which stays the place to read and change it.
 *
 * A barrel usually pulls every store it names into whatever chunk imports it. Here it does not: the build treats
 * the modules of store/mcp/ as free of import side effects (vite.config.ts, treeshake.moduleSideEffects), so a
 * chunk keeps only the stores it uses and the first load stays as it was. That holds because no module here does
 * work at import beyond creating its own store; one that must (a listener installed on import) does not belong here.
 */

// Connections: which servers are live, connect / reconnect / disconnect, and one-off tool tries.
export {
  connectMcp,
  disconnectMcp,
  liveMcpServers,
  reconnectMcp,
  useMcpStates,
  type McpServerState,
} from './connections/registry';
export { tryMcpTool, type McpTryOutcome } from './connections/mcp-try';

// Sign-in (OAuth) for servers that ask for it.
export {
  clearSignInFocus,
  refreshMcpSignInStatus,
  signOutMcp,
  startMcpSignIn,
  useMcpSignIn,
} from './sign-in/mcp-sign-in';

// Asks: a server asking the person something (a form, a link, a sampling request) during a run.
export { useMcpPrompts, type McpPrompt } from './asks/asks';

// Attach: prompts and resources a person adds to a message.
export { fillPrompt, listAllPrompts, listServerPrompts, type CatalogPrompt } from './attach/prompt-catalog';
export { attachResource } from './attach/resource-attachments';
export { clearResourceAttachments, detachResource, useResourceAttachments } from './attach/resource-chips';

// Apps: views servers draw in the chat, their calls and their log.
export { askAboutView, useMcpAppViews, type McpAppView } from './apps/app-views';
export { callToolForView, noteViewAnswer, readViewResource } from './apps/app-calls';
export { noteBridgeEntry, noteModelContext } from './apps/app-log';

// Tasks: long-running tool calls followed in lanes under the chat.
export { cancelTaskLane, lookUpSessionTaskLanes, lookUpTaskLane, useMcpTaskLanes } from './tasks/task-lanes';

type ResourceMessage = typeof import('./attach/resource-message').resourceMessage;
type BringBackAppView = typeof import('./apps/app-restore').bringBackAppView;

/** The message text with its attached resources folded in (resourceMessage); its code loads only when something is attached. */
export function withAttachedResources(...args: Parameters<ResourceMessage>): Promise<ReturnType<ResourceMessage>> {
  return import('./attach/resource-message').then((m) => m.resourceMessage(...args));
}

/** Draws a stored app view again after a reload (bringBackAppView); the restore code loads only when there is one to bring back. */
export function bringBackStoredAppView(...args: Parameters<BringBackAppView>): ReturnType<BringBackAppView> {
  return import('./apps/app-restore').then((m) => m.bringBackAppView(...args));
}
