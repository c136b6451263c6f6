/**
 * Where a View's request falls on the session's timeline (architecture.md, "MCP Apps"). A View outlives the run
 * that opened it, so its requests are placed against the runs by wall clock: during a run, or after one (in the
 * gap before the next, or after the last), and shown in the timeline's View lane rather than inside a turn.
 */

type RunSpan = { index: number; startedAt: number; duration: number };

type ViewRequestPlace =
  | { kind: 'during'; run: number; offsetMs: number }
  | { kind: 'after'; run: number; offsetMs: number }
  | { kind: 'before-first' };

export function placeViewRequest(at: number, runs: readonly RunSpan[]): ViewRequestPlace {
  let last: RunSpan | null = null;
  for (const r of runs) {
    if (at < r.startedAt) break;
    last = r;
  }
  if (last === null) return { kind: 'before-first' };
  const offset = at - last.startedAt;
  return offset <= last.duration
    ? { kind: 'during', run: last.index, offsetMs: offset }
    : { kind: 'after', run: last.index, offsetMs: offset - last.duration };
}

/** The place in words, e.g. "during run 2, at 1.2 s" or "3.4 s after run 2". */
export function viewRequestPlaceText(p: ViewRequestPlace): string {
  switch (p.kind) {
    case 'before-first':
      return 'before the first run';
    case 'during':
      return `during run ${p.run + 1}, at ${seconds(p.offsetMs)}`;
    case 'after':
      return `${seconds(p.offsetMs)} after run ${p.run + 1}`;
  }
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
