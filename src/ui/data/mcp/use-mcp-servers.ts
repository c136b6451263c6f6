import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { listMcpServers } from '../../../db/mcp-servers-repo';
import type { McpServerRecord } from '../../../domain/mcp-server';

/** Every stored MCP server, oldest first, live; undefined until the first read. */
export function useMcpServers(): McpServerRecord[] | undefined {
  return useLiveQuery(() => listMcpServers(db), []);
}
