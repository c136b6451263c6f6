import type { ImportedMcpServer } from '../../io/import/import-mcp-servers';

function needs(s: Pick<ImportedMcpServer, 'needsHeaders'>): string {
  return s.needsHeaders.length > 0 ? `needs its headers: ${s.needsHeaders.join(', ')}` : 'needs no headers';
}

/** The file's MCP servers before importing: where each is, and which header values the person must enter again. */
export function ImportMcpReview({ servers }: { servers: readonly ImportedMcpServer[] | undefined }) {
  if (servers === undefined || servers.length === 0) return null;
  return (
    <section aria-label="MCP servers in the file">
      <h3>MCP servers</h3>
      <p className="hint">
        They arrive switched off. Files never hold header values (tokens, keys): enter them in Tools, then turn the
        server on.
      </p>
      <ul>
        {servers.map((s) => (
          <li key={s.url}>
            <strong>{s.name}</strong> <code>{s.url}</code> — {needs(s)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** After the import: each server added and what it still needs. */
export function ImportMcpDone({
  added,
  skipped,
}: {
  added: readonly ImportedMcpServer[] | undefined;
  skipped: readonly { url: string; reason: string }[] | undefined;
}) {
  if ((added?.length ?? 0) === 0 && (skipped?.length ?? 0) === 0) return null;
  return (
    <ul aria-label="Imported MCP servers">
      {(added ?? []).map((s) => (
        <li key={s.url}>
          MCP server “{s.name}” added, switched off; it {needs(s)}
          {s.needsHeaders.length > 0 ? ' (enter them in Tools)' : ''}.
        </li>
      ))}
      {(skipped ?? []).map((s) => (
        <li key={s.url}>
          MCP server <code>{s.url}</code> not added: {s.reason}.
        </li>
      ))}
    </ul>
  );
}
