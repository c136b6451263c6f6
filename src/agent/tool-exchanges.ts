import type { WireExchange, WireSink } from '../domain/wire-exchange';

/** Where a run's tool calls hand the HTTP exchanges they make (docs/wire-capture.md, "Tools"). */
export type ToolExchangeTarget = {
  readonly runId: string;
  readonly sessionId: string;
  readonly newId: () => string;
  readonly onExchange: (exchange: WireExchange) => void;
};

/** The sink of one tool call: each exchange it makes (each redirect hop's), owned by the call. */
export function toolCallSink(to: ToolExchangeTarget, callId: string): WireSink {
  const owner = { kind: 'tool', runId: to.runId, callId } as const;
  return (captured) => to.onExchange({ id: to.newId(), sessionId: to.sessionId, owner, ...captured });
}
