/** Placeholder until the timeline lands (issue 6). */
export function TimelineView(_props: { sessionId: string | null }) {
  return <section aria-label="Timeline">Timeline</section>;
}
