/**
 * A View after a reload or an import (architecture.md, "MCP Apps"): the tool call's stored server reference names
 * the View's ui:// resource and the server's tool; its arguments are on the record, and the result the View is
 * handed comes from the call's stored JSON-RPC response (structured content included), else the text result.
 */
import { db } from '../../../db/database';
import { listRunEvents } from '../../../db/events-repo';
import type { ToolCallRecord } from '../../../db/records';
import type { McpWireMessage } from '../../../domain/mcp-call-trace';
import type { McpCallOutcome, McpContentBlock } from '../../../mcp/types';
import { storedViewContexts } from './model-context';
import { noteAppView, useMcpAppViews, type McpAppView } from './app-views';
import { isRecord } from '../../../domain/is-record';

/** The View a stored call opened, or null when it opened none. Reads the call's events once. */
async function restoreAppView(record: ToolCallRecord): Promise<McpAppView | null> {
  const view = record.mcpServer?.view;
  if (view === undefined || record.mcpServer === undefined) return null;
  const events = await listRunEvents(db, record.runId).catch(() => []);
  const finished = events.find((e) => e.type === 'tool_finished' && e.callId === record.id);
  const wire = finished?.type === 'tool_finished' ? (finished.mcpMessages ?? []) : [];
  return {
    callId: record.id,
    sessionId: record.sessionId,
    serverId: record.mcpServer.serverId,
    serverName: record.mcpServer.serverName,
    toolName: view.toolName,
    resourceUri: view.resourceUri,
    args: parseArgs(record.arguments),
    ...(record.result !== null ? { outcome: storedOutcome(record.result, record.isError, wire) } : {}),
    log: [],
  };
}

/** Brings a stored call's View back into the chat (once: a View already known keeps its live state). */
export async function bringBackAppView(record: ToolCallRecord): Promise<void> {
  if (useMcpAppViews.getState().views[record.id] !== undefined) return;
  const view = await restoreAppView(record);
  if (view === null) return;
  // The context it last gave the model still goes with the session's requests: shown under it again.
  const context = (await storedViewContexts(record.sessionId)).find((c) => c.callId === record.id);
  if (useMcpAppViews.getState().views[record.id] === undefined)
    noteAppView({
      ...view,
      ...(context !== undefined ? { modelContext: { text: context.text, at: context.at } } : {}),
    });
}

export function storedOutcome(text: string, isError: boolean, wire: readonly McpWireMessage[]): McpCallOutcome {
  const base: McpCallOutcome = { outcome: isError ? 'error' : 'ok', content: text, blocks: [], logs: [] };
  const result = lastToolResult(wire);
  if (result === null) return base;
  const blocks = Array.isArray(result.content) ? result.content.filter(isBlock) : [];
  return {
    ...base,
    blocks,
    ...('structuredContent' in result ? { structured: { value: result.structuredContent, issues: [] } } : {}),
  };
}

function lastToolResult(wire: readonly McpWireMessage[]): Record<string, unknown> | null {
  for (let i = wire.length - 1; i >= 0; i--) {
    const m = wire[i];
    if (m?.dir !== 'received') continue;
    try {
      const parsed: unknown = JSON.parse(m.json);
      if (isRecord(parsed) && isRecord(parsed.result) && Array.isArray(parsed.result.content)) return parsed.result;
    } catch {
      // A message cut at the wire limit is not JSON: the text result stands in.
    }
  }
  return null;
}

/** Embedded resources differ between the wire and the stored shape; they are left to the text result. */
function isBlock(value: unknown): value is McpContentBlock {
  if (!isRecord(value)) return false;
  switch (value.type) {
    case 'text':
      return typeof value.text === 'string';
    case 'image':
    case 'audio':
      return typeof value.data === 'string' && typeof value.mimeType === 'string';
    case 'resource_link':
      return typeof value.uri === 'string' && typeof value.name === 'string';
    default:
      return false;
  }
}

function parseArgs(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
