import type { AgentEvent, AgentEventBody } from '../../domain/run-events';

type Emitter = { emit(body: AgentEventBody, dt?: number): AgentEvent; events: AgentEvent[] };

/** Builds a run's events with gap-free seq and a clock advancing `dt` ms per event. */
export function runEmitter(runId: string, sink: (e: AgentEvent) => void): Emitter {
  let seq = 0;
  let t = 0;
  const events: AgentEvent[] = [];
  return {
    events,
    emit(body, dt = 1) {
      t += dt;
      const event = { ...body, runId, seq: seq++, t } as AgentEvent;
      events.push(event);
      sink(event);
      return event;
    },
  };
}
