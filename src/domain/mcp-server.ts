/**
 * An MCP server the person added, as stored and exported: where it is, what it is called, whether its tools are
 * offered, how calls are approved, and the last tool list it gave (shown before it connects again). Secret header
 * values never live here: only their names; the values sit in the secrets table, keyed by mcpHeaderSecretKey.
 */

/** 'auto' follows the tool's annotations: ask unless the server marks the tool read-only. */
export type McpApprovalMode = 'auto' | 'ask' | 'allow';

type McpToolAnnotationHints = {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
};

/** A tool as the server last listed it (the MCP layer's McpToolInfo has this shape). */
export type McpToolSnapshot = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: McpToolAnnotationHints;
  /** https or data: image addresses only (the MCP layer drops the rest). */
  icons?: Array<{ src: string; mimeType?: string; theme?: 'light' | 'dark' }>;
};

/** What the person chose for one tool; absent fields follow the server's settings. */
type McpToolChoice = { enabled?: boolean; approval?: McpApprovalMode };

type McpServerInfoSnapshot = {
  name: string;
  version: string;
  protocolRevision: string;
  counts: { tools: number; resources: number; prompts: number };
};

export type McpServerRecord = {
  id: string;
  url: string;
  /** The name the person gave, or the server's own once connected. */
  name: string;
  enabled: boolean;
  approval: McpApprovalMode;
  /** Names of the secret headers sent with every request to this server (values in the secrets table). */
  headerNames: string[];
  toolChoices: Record<string, McpToolChoice>;
  /** The last tool list and server info, with when it was fetched; absent until the first connect. */
  cache?: { tools: McpToolSnapshot[]; server: McpServerInfoSnapshot; fetchedAt: number };
  createdAt: number;
  updatedAt: number;
};

/** Secrets-table key of one header of one MCP server. */
export function mcpHeaderSecretKey(serverId: string, headerName: string): string {
  return `mcp-header:${serverId}:${headerName.toLowerCase()}`;
}

/** Whether a call of this tool waits for the person: the tool's choice, else the server's, else the annotations. */
export function mcpNeedsApproval(
  server: Pick<McpServerRecord, 'approval' | 'toolChoices'>,
  tool: Pick<McpToolSnapshot, 'name' | 'annotations'>,
): boolean {
  const mode = server.toolChoices[tool.name]?.approval ?? 'auto';
  const effective = mode !== 'auto' ? mode : server.approval;
  if (effective === 'ask') return true;
  if (effective === 'allow') return false;
  return tool.annotations?.readOnlyHint !== true;
}

export function mcpToolEnabled(server: Pick<McpServerRecord, 'toolChoices'>, toolName: string): boolean {
  return server.toolChoices[toolName]?.enabled ?? true;
}
