import { useMemo } from 'react';
import { useStoredViewEvents } from '../../data/mcp/stored-view-events';
import { viewEventJson, type McpViewEventRecord } from '../../../domain/mcp-view-event';
import { useMcpAppViews } from '../../../store/mcp/mcp-face';

/**
 * A session's View events, oldest first (architecture.md, "MCP Apps"): what earlier pages stored, and what this
 * page's Views did since (not all stored yet), merged by View and seq. The View lane and the chart show these.
 */
export function useSessionViewEvents(sessionId: string): McpViewEventRecord[] {
  const views = useMcpAppViews((s) => s.views);
  const stored = useStoredViewEvents(sessionId);
  return useMemo(() => {
    const byKey = new Map<string, McpViewEventRecord>();
    const add = (entry: McpViewEventRecord) => byKey.set(`${entry.callId}:${entry.seq}`, entry);
    stored?.forEach(add);
    for (const view of Object.values(views)) {
      if (view.sessionId !== sessionId) continue;
      const { serverName, toolName, callId } = view;
      for (const e of view.log) {
        add({
          sessionId,
          callId,
          seq: e.seq,
          serverName,
          toolName,
          at: e.at,
          method: e.method,
          outcome: e.outcome,
          params: viewEventJson(e.params ?? {}),
          ...(e.result !== undefined ? { result: viewEventJson(e.result) } : {}),
        });
      }
    }
    return [...byKey.values()].sort((a, b) => a.at - b.at || a.seq - b.seq);
  }, [views, stored, sessionId]);
}
