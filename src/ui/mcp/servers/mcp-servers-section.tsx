import { useEffect } from 'react';
import type { McpServerRecord } from '../../../domain/mcp-server';
import { connectMcp, useMcpStates } from '../../../store/mcp/mcp-face';

const SHORT: Record<string, string> = {
  idle: 'not connected',
  connecting: 'connecting',
  connected: 'connected',
  'needs-sign-in': 'needs sign-in',
  failed: 'failed',
};

/** The list pane's MCP part: "Add MCP server" and one entry per server with its state. Enabled servers connect when shown. */
export function McpServersSection({
  servers,
  selectedId,
  onAdd,
  onSelect,
}: {
  servers: McpServerRecord[] | undefined;
  selectedId: string | null;
  onAdd: () => void;
  onSelect: (id: string) => void;
}) {
  const states = useMcpStates((s) => s.states);
  useEffect(() => {
    // Read at the moment: only a newly listed or newly enabled server needs a connect, not every state change.
    const now = useMcpStates.getState().states;
    for (const s of servers ?? [])
      if (s.enabled && (now[s.id] ?? { status: 'idle' }).status === 'idle') void connectMcp(s);
  }, [servers]);

  return (
    <div className="mcp-servers">
      <div className="field-row">
        <h3>MCP servers</h3>
        <button type="button" onClick={onAdd}>
          Add MCP server
        </button>
      </div>
      {servers !== undefined && servers.length > 0 && (
        <ul className="tools-list" aria-label="MCP server list">
          {servers.map((s) => (
            <li key={s.id} className={s.id === selectedId ? 'selected' : undefined} data-mcp-server-id={s.id}>
              <button
                type="button"
                className="link"
                aria-current={s.id === selectedId ? 'true' : undefined}
                onClick={() => onSelect(s.id)}
              >
                {s.name || s.url}
              </button>
              <span className="hint">
                {s.enabled ? SHORT[(states[s.id] ?? { status: 'idle' }).status] : 'disabled'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
