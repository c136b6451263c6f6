import type { Tool } from 'openai/resources/responses/responses';
import type { OfferedTool } from '../domain/offered-tools';
import type { WireSettings } from './api-format';

/** The provider-run tools a Responses request carries, from the session's settings. */
export function providerTools(wire: WireSettings): Tool[] {
  const out: Tool[] = [];
  for (const kind of wire.providerTools) {
    switch (kind) {
      case 'web_search':
        out.push({ type: 'web_search' });
        break;
      case 'code_interpreter':
        out.push({ type: 'code_interpreter', container: { type: 'auto' } });
        break;
      case 'file_search':
        // Without a vector store there is nothing to search; the settings say so.
        if (wire.vectorStoreId) out.push({ type: 'file_search', vector_store_ids: [wire.vectorStoreId] });
        break;
      case 'mcp':
        if (wire.remoteMcpUrl)
          out.push({
            type: 'mcp',
            server_label: mcpLabel(wire.remoteMcpUrl),
            server_url: wire.remoteMcpUrl,
            require_approval: 'never',
          });
        break;
    }
  }
  return out;
}

/** A label the API accepts (letters, digits, _ and -), named for the server's host. */
function mcpLabel(url: string): string {
  let host = 'remote';
  try {
    host = new URL(url).hostname;
  } catch {
    // The settings check the URL; a bad one still gets a valid label.
  }
  return host.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'remote';
}

/**
 * The provider-run tools as a request's recorded tool set lists them (architecture.md, "Offered tool sets"): named by
 * their wire type (a remote MCP server by its label), their configuration as sent. Chat Completions sends none.
 */
export function offeredProviderTools(wire: WireSettings): OfferedTool[] {
  if (wire.format !== 'responses') return [];
  return providerTools(wire).map((t) => {
    const { type, ...config } = t as { type: string } & Record<string, unknown>;
    const name = type === 'mcp' && typeof config.server_label === 'string' ? `mcp:${config.server_label}` : type;
    return { name, description: `Run by the provider (${type}).`, parameters: config, source: { kind: 'provider' } };
  });
}
