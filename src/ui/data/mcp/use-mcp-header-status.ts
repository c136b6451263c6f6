import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../db/database';
import { mcpHeadersWithValues } from '../../../db/mcp-servers-repo';
import type { McpServerRecord } from '../../../domain/mcp-server';

/** The server's header names that have no stored value yet (e.g. after an import), live; undefined until read. */
export function useMcpMissingHeaders(server: Pick<McpServerRecord, 'id' | 'headerNames'>): string[] | undefined {
  const names = server.headerNames.join('\u0000');
  return useLiveQuery(async () => {
    const have = new Set(await mcpHeadersWithValues(db, server));
    return server.headerNames.filter((n) => !have.has(n));
    // The names' text stands for the list: a new array with the same names must not re-run the query.
  }, [server.id, names]);
}
