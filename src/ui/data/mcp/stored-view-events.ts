import { useEffect, useState } from 'react';
import { db } from '../../../db/database';
import { listSessionMcpViewEvents } from '../../../db/mcp-view-events-repo';
import type { McpViewEventRecord } from '../../../domain/mcp-view-event';

/** The View events stored with a session (read when the session is shown; null while reading). */
export function useStoredViewEvents(sessionId: string): McpViewEventRecord[] | null {
  const [stored, setStored] = useState<{ sessionId: string; events: McpViewEventRecord[] } | null>(null);
  useEffect(() => {
    let live = true;
    void listSessionMcpViewEvents(db, sessionId).then(
      (events) => live && setStored({ sessionId, events }),
      () => live && setStored({ sessionId, events: [] }),
    );
    return () => {
      live = false;
    };
  }, [sessionId]);
  return stored?.sessionId === sessionId ? stored.events : null;
}
