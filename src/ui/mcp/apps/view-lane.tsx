import { useState } from 'react';
import type { McpViewEventRecord } from '../../../domain/mcp-view-event';
import type { RunModel } from '../../../timeline/model';
import { placeViewRequest, viewRequestPlaceText } from '../../../timeline/view-requests';
import { ViewEventDetails } from './view-event-details';

/**
 * The timeline's View lane (architecture.md, "MCP Apps"): every request a View made of the host — its tool calls,
 * messages to the chat, context for the model, and the person's approvals of them — placed against the session's
 * runs by wall clock (a View outlives the run that opened it), each with its JSON-RPC in the details. The same
 * events are points on the chart (timeline/view-rows.ts).
 */
export function ViewLane({
  sessionId,
  runs,
  events,
}: {
  sessionId: string;
  runs: readonly RunModel[];
  events: readonly McpViewEventRecord[];
}) {
  const [open, setOpen] = useState<string | null>(null);
  if (events.length === 0) return null;
  const spans = runs.map((r) => ({ index: r.index, startedAt: r.startedAt, duration: r.duration }));
  const key = (e: McpViewEventRecord) => `${e.callId}:${e.seq}`;
  const selected = events.find((e) => key(e) === open) ?? null;
  return (
    <section className="tl-view-lane" aria-label="View lane">
      <h2>View lane ({events.length})</h2>
      <ol aria-label="View events">
        {events.map((e) => (
          <li key={key(e)} data-outcome={e.outcome}>
            <button
              type="button"
              className="link"
              aria-pressed={open === key(e)}
              onClick={() => setOpen(open === key(e) ? null : key(e))}
            >
              {e.toolName} view · {e.method} · {e.outcome} · {viewRequestPlaceText(placeViewRequest(e.at, spans))}
            </button>
          </li>
        ))}
      </ol>
      {selected !== null && <ViewEventDetails event={selected} runs={runs} sessionId={sessionId} />}
    </section>
  );
}
