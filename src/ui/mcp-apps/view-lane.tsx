import { useMemo, useState } from 'react';
import type { AppBridgeEntry } from '../../mcp/apps/app-host';
import { useMcpAppViews, type McpAppView } from '../../store/mcp-app-views';
import type { RunModel } from '../../timeline/model';
import { placeViewRequest, viewRequestPlaceText } from '../../timeline/view-requests';
import { showInChat } from '../timeline/chat-link';

type Row = { key: string; view: McpAppView; entry: AppBridgeEntry };

/**
 * The timeline's View lane (architecture.md, "MCP Apps"): every request a View made of the host — its tool calls,
 * messages to the chat, context for the model, and the person's approvals of them — placed against the session's
 * runs by wall clock (a View outlives the run that opened it), each with its JSON-RPC in the details.
 */
export function ViewLane({ sessionId, runs }: { sessionId: string; runs: readonly RunModel[] }) {
  const views = useMcpAppViews((s) => s.views);
  const rows = useMemo(() => {
    const all: Row[] = [];
    for (const view of Object.values(views)) {
      if (view.sessionId !== sessionId) continue;
      view.log.forEach((entry, i) => {
        if (entry.method !== 'ui/notifications/initialized') all.push({ key: `${view.callId}:${i}:${entry.at}`, view, entry });
      });
    }
    return all.sort((a, b) => a.entry.at - b.entry.at);
  }, [views, sessionId]);
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
              {r.view.toolName} view · {r.entry.method} · {r.entry.outcome} · {viewRequestPlaceText(placeViewRequest(r.entry.at, spans))}
            </button>
          </li>
        ))}
      </ol>
      {selected !== null && (
        <div className="tl-view-lane-details" role="region" aria-label="View event details">
          <p>
            {selected.entry.method} from the {selected.view.serverName} — {selected.view.toolName} view, opened by tool call {selected.view.callId}{' '}
            {messageOf(runs, selected.view.callId) !== null && (
              <button type="button" className="link" onClick={() => showInChat({ sessionId, messageId: messageOf(runs, selected.view.callId) ?? '', callId: selected.view.callId })}>
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
function jsonRpcText(e: AppBridgeEntry): string {
  const request = { jsonrpc: '2.0', method: e.method, params: e.params };
  const answer =
    e.result === undefined
      ? null
      : e.outcome === 'refused' || e.outcome === 'error'
        ? { jsonrpc: '2.0', ...(errorOf(e.result) !== null ? { error: errorOf(e.result) } : { result: e.result }) }
        : { jsonrpc: '2.0', result: e.result };
  return [JSON.stringify(request, null, 2), ...(answer !== null ? [JSON.stringify(answer, null, 2)] : [])].join('\n');
}

function errorOf(value: unknown): { message: string } | null {
  return value !== null && typeof value === 'object' && 'error' in value && typeof value.error === 'string' ? { message: value.error } : null;
}

function messageOf(runs: readonly RunModel[], callId: string): string | null {
  for (const run of runs) for (const turn of run.turns) for (const call of turn.calls) if (call.callId === callId && call.messageId !== '') return call.messageId;
  return null;
}
