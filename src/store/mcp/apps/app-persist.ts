/**
 * Stores what MCP App Views did with their session (architecture.md, "MCP Apps"), in batches: a View may send
 * many requests at once, and one write per animation frame's worth of them is enough. Loaded with the first View.
 */
import { db } from '../../../db/database';
import { putMcpViewEventsUntracked, trimMcpViewEvents } from '../../../db/mcp-view-events-repo';
import type { McpViewEventRecord } from '../../../domain/mcp-view-event';

/** A View keeps at most this many stored events, the latest (as many as its log under the card holds). */
export const STORED_VIEW_EVENTS = 200;
const FLUSH_MS = 250;

let queue: McpViewEventRecord[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let flushing: Promise<void> = Promise.resolve();
/** Events written per View by this page; past the bound the View's oldest are trimmed after a write. */
const written = new Map<string, number>();

export function storeViewEvent(event: McpViewEventRecord): void {
  queue.push(event);
  timer ??= setTimeout(() => void flushViewEvents(), FLUSH_MS);
}

/** Writes what is queued now; resolves when it (and any write before it) is stored. */
export function flushViewEvents(): Promise<void> {
  if (timer !== null) clearTimeout(timer);
  timer = null;
  const batch = queue;
  queue = [];
  flushing = flushing.then(async () => {
    if (batch.length === 0) return;
    try {
      await putMcpViewEventsUntracked(db, batch);
      const views = new Map(batch.map((e) => [`${e.sessionId}\u0000${e.callId}`, e]));
      for (const [key, e] of views) {
        const n =
          (written.get(key) ?? 0) + batch.filter((b) => b.sessionId === e.sessionId && b.callId === e.callId).length;
        written.set(key, n);
        if (n > STORED_VIEW_EVENTS) await trimMcpViewEvents(db, e.sessionId, e.callId, STORED_VIEW_EVENTS);
      }
    } catch (error) {
      // The lane in memory still shows them; a full or closed database must not break the View.
      console.warn('Toolscope: could not store a view event', error);
    }
  });
  return flushing;
}
