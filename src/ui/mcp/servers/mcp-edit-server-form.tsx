import { useState, type FormEvent } from 'react';
import type { McpServerRecord } from '../../../domain/mcp-server';
import { reconnectMcp } from '../../../store/mcp/mcp-face';
import { saveMcpServerEdit } from '../../data/mcp/mcp-server-mutations';
import { parseHeaderLines } from './mcp-header-lines';

/**
 * "Edit server": the name, a new value for each stored header, removing a header, adding headers. Values are
 * never shown or read back (they are secrets): a blank value keeps what is stored.
 */
export function McpEditServerForm({
  server,
  missing,
  onDone,
}: {
  server: McpServerRecord;
  missing: readonly string[];
  onDone: () => void;
}) {
  const [name, setName] = useState(server.name);
  const [values, setValues] = useState<Record<string, string>>({});
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [added, setAdded] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const more = parseHeaderLines(added);
    if (!more.ok) return setProblem(more.message);
    const setHeaders: Record<string, string> = { ...more.headers };
    for (const [n, v] of Object.entries(values)) if (v !== '' && !removed.has(n)) setHeaders[n] = v;
    setBusy(true);
    setProblem(null);
    try {
      const saved = await saveMcpServerEdit(server.id, { name, setHeaders, removeHeaders: [...removed] });
      onDone();
      // New headers take effect on the next connection.
      if (saved !== undefined && saved.enabled) void reconnectMcp(saved);
    } catch (error) {
      setProblem(`The server could not be saved: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mcp-edit" aria-label="Edit MCP server" onSubmit={(e) => void submit(e)}>
      <label className="field">
        Server name
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {server.headerNames.map((h) => {
        const isMissing = missing.includes(h);
        return (
          <div key={h} className="field-row">
            <label className="field">
              Value of {h}
              <input
                type="password"
                autoComplete="off"
                value={values[h] ?? ''}
                disabled={removed.has(h)}
                placeholder={isMissing ? 'not entered yet: needed' : 'stored; leave blank to keep'}
                onChange={(e) => setValues((v) => ({ ...v, [h]: e.target.value }))}
              />
            </label>
            <label>
              <input
                type="checkbox"
                checked={removed.has(h)}
                onChange={(e) =>
                  setRemoved((r) => {
                    const next = new Set(r);
                    if (e.target.checked) next.add(h);
                    else next.delete(h);
                    return next;
                  })
                }
              />{' '}
              Remove {h}
            </label>
          </div>
        );
      })}
      <label className="field">
        Add headers (one per line: Name: value)
        <textarea
          className="mono"
          rows={2}
          value={added}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setAdded(e.target.value)}
        />
      </label>
      {problem !== null && (
        <p role="alert" className="tool-field-errors">
          {problem}
        </p>
      )}
      <div className="field-row">
        <button type="submit" disabled={busy}>
          Save server
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
