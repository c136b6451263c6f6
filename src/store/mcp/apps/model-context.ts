/**
 * The session's Views' latest model contexts as a system-prompt layer (store/mcp/apps/view-context-layer.ts), asked for
 * before each model request (architecture.md, "MCP Apps"). Per View the newest wins, whether this page's View gave
 * it or it was stored with the session before a reload (the View lane's latest ok `ui/update-model-context`).
 */
import type { PromptLayer } from '../../../domain/prompt-layer';
import { db } from '../../../db/database';
import { listSessionMcpViewEvents } from '../../../db/mcp-view-events-repo';
import type { McpViewEventRecord } from '../../../domain/mcp-view-event';
import { modelContextText } from '../../../mcp/apps/model-context-text';
import { useMcpAppViews } from './app-views';
import { viewContextLayer, type ViewContextEntry } from './view-context-layer';

const MODEL_CONTEXT_METHOD = 'ui/update-model-context';

/** A View's context as stored: which View, its label and text, and when. */
type StoredViewContext = ViewContextEntry & { callId: string };

/** The latest accepted model context of each View among a session's stored View events. */
function latestStoredContexts(events: readonly McpViewEventRecord[]): StoredViewContext[] {
  const latest = new Map<string, StoredViewContext>();
  for (const e of events) {
    if (e.method !== MODEL_CONTEXT_METHOD || e.outcome !== 'ok') continue;
    const have = latest.get(e.callId);
    if (have !== undefined && have.at > e.at) continue;
    const text = modelContextText(parsed(e.params));
    // A cut (so unreadable) request is left out rather than sent in pieces.
    if (text === null) continue;
    latest.set(e.callId, { callId: e.callId, label: `${e.serverName} — ${e.toolName} view`, text, at: e.at });
  }
  return [...latest.values()];
}

/**
 * What earlier pages stored, read once per session and page: what this page's Views say is in memory too (and
 * newer), so the stored part cannot change under a running page except by import or delete, which start afresh.
 */
const storedBySession = new Map<string, Promise<StoredViewContext[]>>();

export function storedViewContexts(sessionId: string): Promise<StoredViewContext[]> {
  let read = storedBySession.get(sessionId);
  if (read === undefined) {
    read = listSessionMcpViewEvents(db, sessionId).then(latestStoredContexts, () => []);
    storedBySession.set(sessionId, read);
  }
  return read;
}

/** Forgets what was read (tests; a session replaced by an import). */
export function forgetStoredViewContexts(sessionId?: string): void {
  if (sessionId === undefined) storedBySession.clear();
  else storedBySession.delete(sessionId);
}

export async function viewContextFor(sessionId: string): Promise<PromptLayer | null> {
  const byView = new Map<string, ViewContextEntry>();
  for (const s of await storedViewContexts(sessionId)) byView.set(s.callId, s);
  for (const v of Object.values(useMcpAppViews.getState().views)) {
    if (v.sessionId !== sessionId || v.modelContext === undefined) continue;
    const stored = byView.get(v.callId);
    if (stored === undefined || stored.at <= v.modelContext.at)
      byView.set(v.callId, {
        label: `${v.serverName} — ${v.toolName} view`,
        text: v.modelContext.text,
        at: v.modelContext.at,
      });
  }
  return viewContextLayer([...byView.values()]);
}

function parsed(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}
