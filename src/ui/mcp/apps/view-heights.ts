/**
 * The height each View last had, kept for the page's lifetime (architecture.md, "MCP Apps"): a View that comes
 * back into the virtualized list is laid out at that height from its first frame, so its row neither shrinks to a
 * placeholder nor grows again when the restored View reports its size (each change re-measures the list's rows and
 * moves what the person is looking at).
 */
const heights = new Map<string, number>();

/** At most this many Views are remembered; the oldest is forgotten first. */
const KEPT = 1_000;

export function rememberViewHeight(callId: string, height: number): void {
  heights.delete(callId);
  heights.set(callId, height);
  if (heights.size > KEPT) {
    const oldest = heights.keys().next();
    if (oldest.done !== true) heights.delete(oldest.value);
  }
}

export function lastViewHeight(callId: string): number | undefined {
  return heights.get(callId);
}
