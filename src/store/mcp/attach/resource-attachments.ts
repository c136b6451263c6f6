/**
 * Attaching an MCP resource to the next message: read from its server now, kept as a chip until sent. While it
 * waits, the server's updates (resource subscriptions, where it offers them) read it again; the subscription ends
 * when the chip goes (removed, or sent with the message).
 */
import { db } from '../../../db/database';
import { getMcpServer } from '../../../db/mcp-servers-repo';
import { connectMcp } from '../connections/registry';
import type { McpResourceContent } from '../../../mcp/types';
import { addResourceAttachment, useResourceAttachments } from './resource-chips';

const subscribed = new Map<number, () => Promise<void>>();

/** Reads the resource from its server and attaches it; throws with a sentence a person can act on. */
export async function attachResource(serverId: string, uri: string, name: string): Promise<void> {
  const record = await getMcpServer(db, serverId);
  if (record === undefined) throw new Error('That MCP server was removed.');
  const live = await connectMcp(record);
  if (live === null) throw new Error(`${record.name || record.url} is not connected; see its state in the Tools view.`);
  const contents = await live.connection.readResource(uri);
  addResourceAttachment({
    serverId,
    serverLabel: live.label ?? live.server.name,
    uri,
    name,
    contents,
    preview: resourcePreview(contents),
  });
  const added = useResourceAttachments.getState().items.find((i) => i.serverId === serverId && i.uri === uri);
  if (added === undefined) return;
  watchDetaching();
  // Subscribing is a courtesy: a server that refuses it leaves the attachment as read.
  const unsubscribe = await live.connection
    .subscribeResource(uri, () => {
      void live.connection.readResource(uri).then(
        (fresh) => refreshResourceAttachment(added.id, fresh),
        () => undefined,
      );
    })
    .catch(() => null);
  if (unsubscribe === null) return;
  if (useResourceAttachments.getState().items.some((i) => i.id === added.id)) subscribed.set(added.id, unsubscribe);
  else void unsubscribe();
}

/** New contents for an attachment still waiting to be sent (its server said it changed). */
export function refreshResourceAttachment(id: number, contents: McpResourceContent[]): void {
  useResourceAttachments.setState((s) => ({
    items: s.items.map((i) =>
      i.id === id ? { ...i, contents, preview: resourcePreview(contents), refreshed: (i.refreshed ?? 0) + 1 } : i,
    ),
  }));
}

/** The first words of a resource's text, for its chip. */
export function resourcePreview(contents: readonly McpResourceContent[], max = 60): string {
  const text =
    contents
      .find((c) => c.text !== undefined)
      ?.text?.replace(/\s+/g, ' ')
      .trim() ?? '';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

let watching = false;
function watchDetaching(): void {
  if (watching) return;
  watching = true;
  useResourceAttachments.subscribe((state) => {
    const present = new Set(state.items.map((i) => i.id));
    for (const [id, unsubscribe] of subscribed) {
      if (present.has(id)) continue;
      subscribed.delete(id);
      void unsubscribe();
    }
  });
}
