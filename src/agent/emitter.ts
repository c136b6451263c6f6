import type { LoopEventBody } from './events';
import type { RunEventBody } from '../domain/run-events';

/** What a part of the loop (a tool batch, a stream attempt, a pause) emits. */
export type Emit = (body: RunEventBody) => void;

/** What the loop itself emits: its parts' events and the argument edit (agent/events.ts). */
export type LoopEmit = (body: LoopEventBody) => void;

type Stamped<B> = B & { runId: string; seq: number; t: number };

/** Stamps events with the run id, a gap-free sequence number and ms since the run started. */
export function createEmitter<B extends LoopEventBody = RunEventBody>(
  runId: string,
  sink: (event: Stamped<B>) => void,
  clock: () => number,
): { emit: (body: B) => void; elapsed: () => number } {
  const start = clock();
  let seq = 0;
  const elapsed = () => clock() - start;
  const emit = (body: B) => {
    const event: Stamped<B> = { ...body, runId, seq: seq++, t: elapsed() };
    try {
      sink(event);
    } catch {
      // A failing consumer must not break the run or the history it is building; the event
      // stream stays gap-free for the other consumers because seq was already taken.
    }
  };
  return { emit, elapsed };
}
