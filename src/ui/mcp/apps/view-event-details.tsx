import { viewEventValue, type McpViewEventRecord } from '../../../domain/mcp-view-event';
import type { RunModel } from '../../../timeline/model';
import { showInChat } from '../../shared/chat-link';

type Props = { event: McpViewEventRecord; runs: readonly RunModel[]; sessionId: string; inPanel?: boolean };

/**
 * One View event: which View, the call that opened it, and its JSON-RPC. Under the View lane it is a region of its
 * own; in the timeline's details panel (a landmark already) it is headed like the panel's other details.
 */
export function ViewEventDetails({ event, runs, sessionId, inPanel = false }: Props) {
  const messageId = messageOf(runs, event.callId);
  return (
    <div className="tl-view-lane-details" {...(inPanel ? {} : { role: 'region', 'aria-label': 'View event details' })}>
      {inPanel && (
        <h2>
          {event.toolName} view · {event.method} · {event.outcome}
        </h2>
      )}
      <p>
        {event.method} from the {event.serverName} — {event.toolName} view, opened by tool call {event.callId}{' '}
        {messageId !== null && (
          <button
            type="button"
            className="link"
            onClick={() => showInChat({ sessionId, messageId, callId: event.callId })}
          >
            Show in chat
          </button>
        )}
      </p>
      <pre aria-label="View event JSON-RPC" className="tl-pre">
        {jsonRpcText(event)}
      </pre>
    </div>
  );
}

/** The request as the View sent it and the host's answer, as JSON-RPC (ids are the bridge's own, not kept). */
function jsonRpcText(e: McpViewEventRecord): string {
  const request = { jsonrpc: '2.0', method: e.method, params: viewEventValue(e.params) };
  const result = e.result === undefined ? undefined : viewEventValue(e.result);
  const answer =
    result === undefined
      ? null
      : e.outcome === 'refused' || e.outcome === 'error'
        ? { jsonrpc: '2.0', ...(errorOf(result) !== null ? { error: errorOf(result) } : { result }) }
        : { jsonrpc: '2.0', result };
  return [JSON.stringify(request, null, 2), ...(answer !== null ? [JSON.stringify(answer, null, 2)] : [])].join('\n');
}

function errorOf(value: unknown): { message: string } | null {
  return value !== null && typeof value === 'object' && 'error' in value && typeof value.error === 'string'
    ? { message: value.error }
    : null;
}

function messageOf(runs: readonly RunModel[], callId: string): string | null {
  for (const run of runs)
    for (const turn of run.turns)
      for (const call of turn.calls) if (call.callId === callId && call.messageId !== '') return call.messageId;
  return null;
}
