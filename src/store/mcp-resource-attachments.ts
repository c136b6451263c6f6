/** Attaching an MCP resource to the next message: read from its server now, kept as a chip until sent. */
import { db } from '../db/database';
import { getMcpServer } from '../db/mcp-servers-repo';
import { connectMcp } from './mcp-registry';
import { addResourceAttachment } from './resource-chips';

/** Reads the resource from its server and attaches it; throws with a sentence a person can act on. */
export async function attachResource(serverId: string, uri: string, name: string): Promise<void> {
  const record = await getMcpServer(db, serverId);
  if (record === undefined) throw new Error('That MCP server was removed.');
  const live = await connectMcp(record);
  if (live === null) throw new Error(`${record.name || record.url} is not connected; see its state in the Tools view.`);
  const contents = await live.connection.readResource(uri);
  addResourceAttachment({ serverId, serverLabel: live.label ?? live.server.name, uri, name, contents });
}
