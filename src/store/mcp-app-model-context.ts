/** The session's Views' latest model contexts as a system-prompt layer (store/view-context-layer.ts). */
import type { SentPromptLayer } from '../agent/context-hook';
import { useMcpAppViews } from './mcp-app-views';
import { viewContextLayer } from './view-context-layer';

export function viewContextFor(sessionId: string): SentPromptLayer | null {
  const views = Object.values(useMcpAppViews.getState().views).filter((v) => v.sessionId === sessionId && v.modelContext !== undefined);
  return viewContextLayer(views.flatMap((v) => (v.modelContext !== undefined ? [{ label: `${v.serverName} — ${v.toolName} view`, text: v.modelContext.text, at: v.modelContext.at }] : [])));
}
