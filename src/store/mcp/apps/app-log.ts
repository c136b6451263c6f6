/**
 * What a View asked of the host and the context it gave the model, noted on its entry in the Views store
 * (store/mcp/apps/app-views.ts) and stored with the session (store/mcp/apps/app-persist.ts). Loaded with the first View, not with
 * the page.
 */
import type { AppBridgeEntry } from '../../../mcp/apps/app-host';
import { nextViewEventSeq, viewEventJson } from '../../../domain/mcp-view-event';
import { storeViewEvent } from './app-persist';
import { useMcpAppViews } from './app-views';

/** At most this many bridge entries per View: a View flooding the host cannot grow the page without bound. */
export const MAX_BRIDGE_ENTRIES = 200;

export function noteBridgeEntry(callId: string, sessionId: string, entry: AppBridgeEntry): void {
  const view = useMcpAppViews.getState().views[callId];
  if (view === undefined) return;
  const { serverName, toolName } = view;
  const logged = { ...entry, seq: nextViewEventSeq(entry.at) };
  useMcpAppViews.setState((s) => {
    const v = s.views[callId];
    if (v === undefined) return s;
    const log = v.log.length >= MAX_BRIDGE_ENTRIES ? [...v.log.slice(1), logged] : [...v.log, logged];
    return { views: { ...s.views, [callId]: { ...v, sessionId, log } } };
  });
  storeViewEvent({
    sessionId,
    callId,
    seq: logged.seq,
    serverName,
    toolName,
    at: entry.at,
    method: entry.method,
    outcome: entry.outcome,
    params: viewEventJson(entry.params ?? {}),
    ...(entry.result !== undefined ? { result: viewEventJson(entry.result) } : {}),
  });
}

export function noteModelContext(callId: string, sessionId: string, text: string): void {
  useMcpAppViews.setState((s) => {
    const view = s.views[callId];
    return view === undefined
      ? s
      : { views: { ...s.views, [callId]: { ...view, sessionId, modelContext: { text, at: Date.now() } } } };
  });
}
