/**
 * MCP App Views in the chat (architecture.md, "MCP Apps"): which tool calls opened a View, the outcome it shows,
 * what the View asked of the host, and what waits on the person (a View's tool call that needs approval, a message
 * it wants to send). Nothing here loads the MCP client or the bridge; those come with the first View.
 */
import { create } from 'zustand';
import type { AppBridgeEntry } from '../../../mcp/apps/app-host';
import type { McpCallOutcome, McpToolInfo } from '../../../mcp/types';
import { isRecord } from '../../../domain/is-record';

export type McpAppView = {
  callId: string;
  /** The session the call belongs to (its Views' model context goes with that session's next request). */
  sessionId?: string;
  serverId: string;
  serverName: string;
  toolName: string;
  resourceUri: string;
  args: Record<string, unknown>;
  outcome?: McpCallOutcome;
  /** Each with the seq it is stored under (domain/mcp-view-event.ts). */
  log: LoggedBridgeEntry[];
  /** The latest context the View asked the model to have, and when (ms, wall clock). */
  modelContext?: { text: string; at: number };
};

type LoggedBridgeEntry = AppBridgeEntry & { seq: number };

/** Something a View asked that waits on the person, shown under the View. */
type McpAppAsk =
  | {
      kind: 'approve-call';
      id: number;
      callId: string;
      toolName: string;
      args: Record<string, unknown>;
      answer: (yes: boolean) => void;
    }
  | { kind: 'send-message'; id: number; callId: string; text: string; answer: (yes: boolean) => void };

type State = { views: Record<string, McpAppView>; asks: McpAppAsk[] };

export const useMcpAppViews = create<State>(() => ({ views: {}, asks: [] }));

export function noteAppView(view: Omit<McpAppView, 'log'>): void {
  useMcpAppViews.setState((s) => ({
    views: { ...s.views, [view.callId]: { ...view, log: s.views[view.callId]?.log ?? [] } },
  }));
}

let nextAsk = 1;

/** Shows the question under the View until the person answers; a View that goes away answers no. */
export function askAboutView<A extends McpAppAsk>(
  make: (id: number, answer: (yes: boolean) => void) => A,
  signal?: AbortSignal,
): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextAsk++;
    let settled = false;
    const answer = (yes: boolean) => {
      if (settled) return;
      settled = true;
      useMcpAppViews.setState((s) => ({ asks: s.asks.filter((a) => a.id !== id) }));
      resolve(yes);
    };
    if (signal?.aborted === true) return answer(false);
    signal?.addEventListener('abort', () => answer(false), { once: true });
    useMcpAppViews.setState((s) => ({ asks: [...s.asks, make(id, answer)] }));
  });
}

/** Remembers that this call opened a View, with what the View is shown. */
export function noteAppCall(
  callId: string,
  c: { serverId: string; serverName: string; tool: McpToolInfo; args: unknown; outcome: McpCallOutcome },
): void {
  const uri = c.tool.ui?.resourceUri;
  if (uri === undefined) return;
  const args = isRecord(c.args) ? c.args : {};
  noteAppView({
    callId,
    serverId: c.serverId,
    serverName: c.serverName,
    toolName: c.tool.name,
    resourceUri: uri,
    args,
    outcome: c.outcome,
  });
}
