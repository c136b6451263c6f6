import type { AgentEventBody } from '../../domain/run-events';
import type { Usage } from '../../domain/messages';
import type { EventRecord, RunRecord } from '../../db/records';

/** Hand-built event streams for tests and benchmarks: `at(t, body)` appends one event with the next seq. */
export class RunScript {
  readonly events: EventRecord[] = [];
  constructor(
    readonly runId: string,
    readonly sessionId = 's1',
    readonly startedAt = 1_000_000,
  ) {}

  at(t: number, body: AgentEventBody): this {
    this.events.push({
      ...body,
      runId: this.runId,
      sessionId: this.sessionId,
      seq: this.events.length,
      t,
    } as EventRecord);
    return this;
  }

  started(model = 'gpt-test'): this {
    return this.at(0, { type: 'run_started', sessionId: this.sessionId, model, startedAt: this.startedAt });
  }

  /** One successful model request: request_started at t, first token at t+ttft, finished at t+ttft+stream. */
  request(
    turn: number,
    t: number,
    ttft: number,
    stream: number,
    opts: { attempt?: number; finish?: string; usage?: Usage } = {},
  ): this {
    const attempt = opts.attempt ?? 1;
    const messageId = `m${turn}`;
    return this.at(t, { type: 'request_started', turn, attempt, messageId })
      .at(t + ttft, { type: 'first_token', turn, attempt })
      .at(t + ttft + stream, {
        type: 'request_finished',
        turn,
        attempt,
        finishReason: opts.finish ?? 'tool_calls',
        usage: opts.usage ?? usage(100, 20),
      });
  }

  tool(
    turn: number,
    callId: string,
    name: string,
    start: number,
    end: number,
    outcome: 'ok' | 'error' | 'timeout' | 'cancelled' = 'ok',
    result = '{"ok":true}',
  ): this {
    return this.at(start, { type: 'tool_started', turn, callId, name, arguments: '{"q":"x"}' }).at(end, {
      type: 'tool_finished',
      turn,
      callId,
      name,
      outcome,
      durationMs: end - start,
      result,
      isError: outcome !== 'ok',
    });
  }

  finished(
    t: number,
    stopReason: 'complete' | 'cancelled' | 'error' | 'max_turns' = 'complete',
    u: Usage = usage(300, 60),
  ): this {
    return this.at(t, { type: 'run_finished', stopReason, usage: u });
  }

  record(finishedAt: number | null = null, stopReason: RunRecord['stopReason'] = null): RunRecord {
    return {
      id: this.runId,
      sessionId: this.sessionId,
      startedAt: this.startedAt,
      finishedAt,
      stopReason,
      usage: usage(0, 0),
    };
  }

  /** The stream as the loop would emit it: ordered by time (stable), seq renumbered. */
  build(): EventRecord[] {
    return this.events
      .map((e, i) => ({ e, i }))
      .sort((a, b) => a.e.t - b.e.t || a.i - b.i)
      .map(({ e }, seq) => ({ ...e, seq }));
  }
}

export function usage(promptTokens: number, completionTokens: number): Usage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, estimated: false };
}
