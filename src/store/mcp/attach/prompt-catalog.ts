/**
 * MCP prompts across servers, for the Tools view and the Message box's `/` list: every enabled server is connected
 * (or its live connection used) and asked for its prompts; a prompt is filled into text on the server that owns it.
 */
import { db } from '../../../db/database';
import { getMcpServer, listMcpServers } from '../../../db/mcp-servers-repo';
import type { McpServerRecord } from '../../../domain/mcp-server';
import type { McpPromptInfo } from '../../../mcp/types';
import { connectMcp } from '../connections/registry';

export type CatalogPrompt = { serverId: string; serverLabel: string; prompt: McpPromptInfo };

/** One server's prompts; empty when it is not connected or offers none. */
export async function listServerPrompts(record: McpServerRecord, signal?: AbortSignal): Promise<CatalogPrompt[]> {
  const live = await connectMcp(record);
  if (live === null) return [];
  const prompts = await live.connection.listPrompts(signal !== undefined ? { signal } : {});
  const serverLabel = live.label ?? live.server.name;
  return prompts.map((prompt) => ({ serverId: record.id, serverLabel, prompt }));
}

/** Every enabled server's prompts, servers in the order they were added; a server that fails adds none. */
export async function listAllPrompts(signal?: AbortSignal): Promise<CatalogPrompt[]> {
  const servers = (await listMcpServers(db)).filter((s) => s.enabled);
  const lists = await Promise.all(servers.map((s) => listServerPrompts(s, signal).catch(() => [] as CatalogPrompt[])));
  return lists.flat();
}

/** The prompt filled with `args`, as the text to insert. */
export async function fillPrompt(serverId: string, name: string, args: Record<string, string>): Promise<string> {
  const record = await getMcpServer(db, serverId);
  if (record === undefined) throw new Error('That MCP server was removed.');
  const live = await connectMcp(record);
  if (live === null) throw new Error(`${record.name || record.url} is not connected; see its state in the Tools view.`);
  return (await live.connection.getPrompt(name, args)).text;
}
