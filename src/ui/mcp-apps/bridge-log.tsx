import type { AppBridgeEntry } from '../../mcp/apps/app-host';

/** Every request the View made of the host, with its JSON-RPC parameters and answer, shown as text. */
export function BridgeLog({ entries }: { entries: readonly AppBridgeEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <details className="mcp-app-log">
      <summary>View requests ({entries.length})</summary>
      <ol aria-label="View requests">
        {entries.map((e, i) => (
          <li key={i} data-outcome={e.outcome}>
            <span>
              {e.method} · {e.outcome}
            </span>
            <pre>{JSON.stringify({ params: e.params, ...(e.result !== undefined ? { result: e.result } : {}) }, null, 2)}</pre>
          </li>
        ))}
      </ol>
    </details>
  );
}
