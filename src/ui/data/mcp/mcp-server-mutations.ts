import { db } from '../../../db/database';
import {
  addMcpServer,
  deleteMcpServer,
  editMcpServer,
  getMcpServer,
  updateMcpServer,
  type McpServerEdit,
} from '../../../db/mcp-servers-repo';
import type { McpApprovalMode, McpServerRecord } from '../../../domain/mcp-server';

/** Stores a server the person added; header values go to the secrets table. */
export async function saveNewMcpServer(input: {
  url: string;
  name: string;
  headers: Record<string, string>;
}): Promise<McpServerRecord> {
  const now = Date.now();
  const record: McpServerRecord = {
    id: crypto.randomUUID(),
    url: input.url.trim(),
    name: input.name.trim(),
    enabled: true,
    approval: 'auto',
    headerNames: Object.keys(input.headers),
    toolChoices: {},
    createdAt: now,
    updatedAt: now,
  };
  await addMcpServer(db, record, input.headers);
  return record;
}

export function setMcpServerEnabled(id: string, enabled: boolean): Promise<void> {
  return updateMcpServer(db, id, { enabled });
}

export function setMcpServerApproval(id: string, approval: McpApprovalMode): Promise<void> {
  return updateMcpServer(db, id, { approval });
}

/**
 * One tool's on/off switch or approval; the other choices of the server stay. They are read from the stored record
 * in the same transaction, not from the caller's copy: a tool row may hold an older copy (rows re-render only when
 * what they show changes), and two quick changes must not undo each other.
 */
export async function setMcpToolChoice(
  server: Pick<McpServerRecord, 'id'>,
  toolName: string,
  change: { enabled?: boolean; approval?: McpApprovalMode },
): Promise<void> {
  await db.transaction('rw', db.mcpServers, async () => {
    const stored = await getMcpServer(db, server.id);
    if (stored === undefined) return;
    const choice = { ...stored.toolChoices[toolName], ...change };
    await updateMcpServer(db, server.id, { toolChoices: { ...stored.toolChoices, [toolName]: choice } });
  });
}

export function removeMcpServer(id: string): Promise<void> {
  return deleteMcpServer(db, id);
}

/** A new name and header changes; values typed are stored as secrets, headers left blank keep their value. */
export async function saveMcpServerEdit(id: string, edit: McpServerEdit): Promise<McpServerRecord | undefined> {
  await editMcpServer(db, id, edit);
  return getMcpServer(db, id);
}
