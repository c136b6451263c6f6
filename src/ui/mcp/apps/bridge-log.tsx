import { useState } from 'react';
import type { AppBridgeEntry } from '../../../mcp/apps/app-host';

/**
 * Every request the View made of the host, with its JSON-RPC parameters and answer, shown as text. The entries are
 * drawn only while the list is open: a View brought back by scrolling adds its handshake to the log, and drawing
 * every entry's JSON each time would cost each restore more than the one before.
 */
export function BridgeLog({ entries }: { entries: readonly AppBridgeEntry[] }) {
  const [open, setOpen] = useState(false);
  if (entries.length === 0) return null;
  return (
    <details className="mcp-app-log" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>View requests ({entries.length})</summary>
      {open && (
        <ol aria-label="View requests">
          {entries.map((e, i) => (
            <li key={i} data-outcome={e.outcome}>
              <span>
                {e.method} · {e.outcome}
              </span>
              {/* Focusable: a long answer scrolls inside its box, and a keyboard must be able to scroll it too. */}
              <pre role="group" tabIndex={0} aria-label={`${e.method} · ${e.outcome}, JSON-RPC`}>
                {JSON.stringify({ params: e.params, ...(e.result !== undefined ? { result: e.result } : {}) }, null, 2)}
              </pre>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
