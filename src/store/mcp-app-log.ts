/**
 * What a View asked of the host and the context it gave the model, noted on its entry in the Views store
 * (store/mcp-app-views.ts). Loaded with the first View, not with the page.
 */
import type { AppBridgeEntry } from '../mcp/apps/app-host';
import { useMcpAppViews } from './mcp-app-views';

/** At most this many bridge entries per View: a View flooding the host cannot grow the page without bound. */
export const MAX_BRIDGE_ENTRIES = 200;

export function noteBridgeEntry(callId: string, sessionId: string, entry: AppBridgeEntry): void {
  useMcpAppViews.setState((s) => {
    const view = s.views[callId];
    if (view === undefined) return s;
    const log = view.log.length >= MAX_BRIDGE_ENTRIES ? [...view.log.slice(1), entry] : [...view.log, entry];
    return { views: { ...s.views, [callId]: { ...view, sessionId, log } } };
  });
}

export function noteModelContext(callId: string, sessionId: string, text: string): void {
  useMcpAppViews.setState((s) => {
    const view = s.views[callId];
    return view === undefined ? s : { views: { ...s.views, [callId]: { ...view, sessionId, modelContext: { text, at: Date.now() } } } };
  });
}
