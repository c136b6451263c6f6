import type { AgentEventBody, EventSink } from './events';

export type Emit = (body: AgentEventBody) => void;

/** Stamps events with the run id, a gap-free sequence number and ms since the run started. */
export function createEmitter(runId: string, sink: EventSink, clock: () => number): { emit: Emit; elapsed: () => number } {
  const start = clock();
  let seq = 0;
  const elapsed = () => clock() - start;
  const emit: Emit = (body) => {
    const event = { ...body, runId, seq: seq++, t: elapsed() };
    try {
      sink(event);
    } catch {
      // A failing consumer must not break the run or the history it is building; the event
      // stream stays gap-free for the other consumers because seq was already taken.
    }
  };
  return { emit, elapsed };
}
