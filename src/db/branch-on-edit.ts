import type { LoopSink } from '../agent/events';
import type { EventSink } from '../domain/run-events';

/**
 * The run's writer side of an argument edit at a pause (architecture.md, "Breakpoints"): the loop says the edited
 * message took the place of the call as the model made it; here that becomes a new branch after the same message,
 * `branch_started` in the loop's place in the stream (same seq), which the persister stores and the chat follows.
 */
export function branchOnEdit(sink: EventSink, newId: () => string): LoopSink {
  return (event) => {
    if (event.type !== 'arguments_edited') return sink(event);
    const { afterMessageId, asMadeMessageIds, runId, seq, t } = event;
    sink({
      type: 'branch_started',
      branchId: newId(),
      forkMessageId: afterMessageId,
      leftMessageIds: asMadeMessageIds,
      runId,
      seq,
      t,
    });
  };
}
