import { useState, type FormEvent } from 'react';
import { saveNewMcpServer } from '../../data/mcp/mcp-server-mutations';
import { connectMcp } from '../../../store/mcp/mcp-face';
import { parseHeaderLines } from './mcp-header-lines';

/** "Add MCP server": URL, an optional name and optional secret headers, then Connect. */
export function McpAddServerForm({ onAdded, onCancel }: { onAdded: (id: string) => void; onCancel: () => void }) {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [headerText, setHeaderText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (url.trim() === '') return setProblem("Enter the server's MCP endpoint, such as https://example.com/mcp.");
    const headers = parseHeaderLines(headerText);
    if (!headers.ok) return setProblem(headers.message);
    setProblem(null);
    setBusy(true);
    try {
      const record = await saveNewMcpServer({ url, name, headers: headers.headers });
      onAdded(record.id);
      void connectMcp(record);
    } catch (error) {
      setProblem(`The server could not be saved: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="tool-editor mcp-add" aria-label="Add MCP server" onSubmit={(e) => void submit(e)}>
      <h3>Add MCP server</h3>
      <label className="field">
        MCP server URL
        <input
          type="url"
          value={url}
          required
          placeholder="https://example.com/mcp"
          onChange={(e) => setUrl(e.target.value)}
          autoFocus
        />
      </label>
      <label className="field">
        Name (optional)
        <input type="text" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className="field">
        Headers (optional, one per line: Name: value)
        <textarea
          className="mono"
          rows={3}
          value={headerText}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setHeaderText(e.target.value)}
        />
      </label>
      <p className="hint">
        Headers are kept apart from the server's settings, sent only to this server's origin and never exported.
      </p>
      {problem !== null && (
        <p role="alert" className="tool-field-errors">
          {problem}
        </p>
      )}
      <div className="field-row">
        <button type="submit" disabled={busy}>
          Connect
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
