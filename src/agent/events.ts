import type { RunEventBody } from '../domain/run-events';

/**
 * The person edited a call's arguments at a pause: the stored message as the model made it (`asMadeMessageIds`, its
 * calls answered "not run") gives way, after `afterMessageId`, to the edited message appended next. The loop only
 * says so; the run's writer turns it into stored history (architecture.md, "Breakpoints").
 */
type ArgumentsEditedBody = {
  type: 'arguments_edited';
  turn: number;
  afterMessageId: string;
  asMadeMessageIds: string[];
};

/** What the loop emits: what the run reports (domain/run-events.ts) and the argument edit that its writer resolves. */
export type LoopEventBody = RunEventBody | ArgumentsEditedBody;

export type LoopEvent = LoopEventBody & { runId: string; seq: number; t: number };

export type LoopSink = (event: LoopEvent) => void;
