import { useMemo, useState } from 'react';
import { useStoredViewEvents } from '../data/stored-view-events';
import { viewEventJson, viewEventValue, type McpViewEventRecord } from '../../domain/mcp-view-event';
import { useMcpAppViews } from '../../store/mcp-app-views';
import type { RunModel } from '../../timeline/model';
import { placeViewRequest, viewRequestPlaceText } from '../../timeline/view-requests';
import { showInChat } from '../timeline/chat-link';

type Row = { key: string; entry: McpViewEventRecord };

/**
 * The timeline's View lane (architecture.md, "MCP Apps"): every request a View made of the host — its tool calls,
 * messages to the chat, context for the model, and the person's approvals of them — placed against the session's
 * runs by wall clock (a View outlives the run that opened it), each with its JSON-RPC in the details.
 */
export function ViewLane({ sessionId, runs }: { sessionId: string; runs: readonly RunModel[] }) {
  const views = useMcpAppViews((s) => s.views);
  // What earlier pages stored (and this one, once written); the Views of this page add what is not stored yet.
  const stored = useStoredViewEvents(sessionId);
  const rows = useMemo(() => {
    const byKey = new Map<string, Row>();
    const add = (entry: McpViewEventRecord) => byKey.set(`${entry.callId}:${entry.seq}`, { key: `${entry.callId}:${entry.seq}`, entry });
    stored?.forEach(add);
    for (const view of Object.values(views)) {
      if (view.sessionId !== sessionId) continue;
      for (const e of view.log) {
        const { serverName, toolName, callId } = view;
        add({ sessionId, callId, seq: e.seq, serverName, toolName, at: e.at, method: e.method, outcome: e.outcome, params: viewEventJson(e.params ?? {}), ...(e.result !== undefined ? { result: viewEventJson(e.result) } : {}) });
      }
    }
    return [...byKey.values()].sort((a, b) => a.entry.at - b.entry.at || a.entry.seq - b.entry.seq);
  }, [views, stored, sessionId]);
  const [open, setOpen] = useState<string | null>(null);
  if (rows.length === 0) return null;
  const spans = runs.map((r) => ({ index: r.index, startedAt: r.startedAt, duration: r.duration }));
  const selected = rows.find((r) => r.key === open) ?? null;
  return (
    <section className="tl-view-lane" aria-label="View lane">
      <h3>View lane ({rows.length})</h3>
      <ol aria-label="View events">
        {rows.map((r) => (
          <li key={r.key} data-outcome={r.entry.outcome}>
            <button type="button" className="link" aria-pressed={open === r.key} onClick={() => setOpen(open === r.key ? null : r.key)}>
              {r.entry.toolName} view · {r.entry.method} · {r.entry.outcome} · {viewRequestPlaceText(placeViewRequest(r.entry.at, spans))}
            </button>
          </li>
        ))}
      </ol>
      {selected !== null && (
        <div className="tl-view-lane-details" role="region" aria-label="View event details">
          <p>
            {selected.entry.method} from the {selected.entry.serverName} — {selected.entry.toolName} view, opened by tool call {selected.entry.callId}{' '}
            {messageOf(runs, selected.entry.callId) !== null && (
              <button type="button" className="link" onClick={() => showInChat({ sessionId, messageId: messageOf(runs, selected.entry.callId) ?? '', callId: selected.entry.callId })}>
                Show in chat
              </button>
            )}
          </p>
          <pre aria-label="View event JSON-RPC" className="tl-pre">
            {jsonRpcText(selected.entry)}
          </pre>
        </div>
      )}
    </section>
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
  return value !== null && typeof value === 'object' && 'error' in value && typeof value.error === 'string' ? { message: value.error } : null;
}

function messageOf(runs: readonly RunModel[], callId: string): string | null {
  for (const run of runs) for (const turn of run.turns) for (const call of turn.calls) if (call.callId === callId && call.messageId !== '') return call.messageId;
  return null;
}
