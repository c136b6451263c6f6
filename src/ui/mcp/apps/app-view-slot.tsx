import { lazy, Suspense, useEffect } from 'react';
import type { ToolCallRecord } from '../../data/record-types';
import { bringBackStoredAppView, useMcpAppViews } from '../../../store/mcp/mcp-face';

// The frame, the bridge and the wiring load with the first View, never with the page (architecture.md, "MCP Apps").
const AppViewFrame = lazy(() => import('./app-view-frame'));

/**
 * Under a tool card: the MCP App View the call opened, if it opened one. A call stored before a reload (or
 * imported) names its View on its record; the View is brought back from there.
 */
export function AppViewSlot(p: { sessionId: string; callId: string; record?: ToolCallRecord | undefined }) {
  const view = useMcpAppViews((s) => s.views[p.callId]);
  const stored =
    view === undefined && p.record?.mcpServer?.view !== undefined && p.record.result !== null ? p.record : undefined;
  useEffect(() => {
    if (stored !== undefined) void bringBackStoredAppView(stored);
  }, [stored]);
  if (view === undefined) return null;
  return (
    <Suspense fallback={<p className="hint">Loading the view…</p>}>
      <AppViewFrame sessionId={p.sessionId} view={view} />
    </Suspense>
  );
}
