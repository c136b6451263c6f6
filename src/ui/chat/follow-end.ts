/**
 * Whether the message list keeps following the end of the conversation after a scroll (screens.md, "A
 * calm chat"). Near the end it follows, with room for output that landed before the list was pinned again. A move up
 * that the content's height does not explain is the reader's (a wheel, a key, the browser bringing a focused or
 * clicked row into view): from then on nothing pins the list, so the row they went to stays under their pointer.
 */
export const NEAR_END_PX = 120;

/** The list's scroll position at one scroll event. */
export type ListScroll = { top: number; height: number; client: number };

/** Sub-pixel positions and rounding: moves this small are no move. */
const SLACK_PX = 1;

export function followsEnd(following: boolean, before: ListScroll, now: ListScroll): boolean {
  const fromEnd = now.height - now.top - now.client;
  if (fromEnd <= SLACK_PX) return true;
  const sameContent = Math.abs(now.height - before.height) <= SLACK_PX;
  if (sameContent && now.top < before.top - SLACK_PX) return false;
  if (sameContent && now.top > before.top + SLACK_PX) return fromEnd < NEAR_END_PX;
  return following && fromEnd < NEAR_END_PX;
}
