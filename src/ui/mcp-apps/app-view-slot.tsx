import { lazy, Suspense } from 'react';
import { useMcpAppViews } from '../../store/mcp-app-views';

// The frame, the bridge and the wiring load with the first View, never with the page (architecture.md, "MCP Apps").
const AppViewFrame = lazy(() => import('./app-view-frame'));

/** Under a tool card: the MCP App View the call opened, if it opened one. */
export function AppViewSlot(p: { sessionId: string; callId: string }) {
  const view = useMcpAppViews((s) => s.views[p.callId]);
  if (view === undefined) return null;
  return (
    <Suspense fallback={<p className="hint">Loading the view…</p>}>
      <AppViewFrame sessionId={p.sessionId} view={view} />
    </Suspense>
  );
}
