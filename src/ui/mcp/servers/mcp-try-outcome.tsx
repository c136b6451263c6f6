import { wireRounds } from '../../../domain/mcp-call-trace';
import type { McpTryOutcome } from '../../../store/mcp/mcp-face';
import { McpWireDetails } from './mcp-call-details';
import { logHeading, splitLog } from '../../../tools/log-cut';

export type McpTryShown = McpTryOutcome | { kind: 'bad-json'; message: string };

/**
 * What a Try it call of an MCP tool did, inspectable like a run's call on the timeline: the outcome and duration,
 * the result, the server's logs, and the timeline's own view of the JSON-RPC messages round by round.
 */
export function McpTryOutcomeView({ outcome, name }: { outcome: McpTryShown; name: string }) {
  if (outcome.kind === 'invalid') {
    return (
      <div role="alert" className="tool-field-errors">
        The arguments do not fit the schema:
        <ul>
          {outcome.issues.map((i, k) => (
            <li key={k}>
              <code>{i.path || '/'}</code> {i.message}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (outcome.kind !== 'ran')
    return (
      <p role="alert" className="tool-field-errors">
        {outcome.message}
      </p>
    );
  const o = outcome.outcome;
  const rounds = wireRounds(o.mcpMessages ?? []).length;
  return (
    <div className="mcp-try-result">
      <p role="status">
        {o.outcome === 'ok' ? 'Ran' : 'Failed'}: {name} · {outcome.durationMs} ms
      </p>
      <pre className="mono" aria-label={`Result of ${name}`}>
        {o.content}
      </pre>
      {o.logs.length > 0 && (
        <section aria-label={`Logs of ${name}`}>
          <h4>{logHeading(splitLog(o.logs))}</h4>
          <ol className="tool-logs mono">
            {o.logs.map((l, i) => (
              <li key={i} className={`log-${l.level}`}>
                [{l.level}] {l.text}
              </li>
            ))}
          </ol>
        </section>
      )}
      {rounds > 0 && (
        <details>
          <summary>
            JSON-RPC messages ({rounds} {rounds === 1 ? 'round' : 'rounds'})
          </summary>
          <McpWireDetails server={outcome.server} messages={o.mcpMessages ?? []} />
        </details>
      )}
    </div>
  );
}
