/**
 * The page's live MCP connections, one per stored server, and their states for the Tools view. Connecting loads
 * the MCP client (loadMcpRuntime) on first use. A connected server's tool list and summary are written to its row,
 * so the Tools view lists them at once next time; list-change notices rewrite them.
 */
import { create } from 'zustand';
import { db } from '../../../db/database';
import { getMcpServer, mcpServerHeaders, updateMcpServer } from '../../../db/mcp-servers-repo';
import type { McpServerRecord } from '../../../domain/mcp-server';
import { loadMcpRuntime } from '../../../mcp/load-mcp';
import { protocolFaultSentence } from '../../../mcp/protocol-fault';
import type { McpConnection } from '../../../mcp/connection';
import type { McpConnectionState, McpLogMessage, McpServerSummary, McpToolInfo } from '../../../mcp/types';
import { mcpSignInFor } from '../sign-in/auth-handles';
import { askMcpLink, askMcpUser } from '../asks/asks';
import { reportMcpSampling } from '../asks/sampling-use';

/** 'idle': not connected in this tab (yet, or after disconnecting). */
export type McpServerState = { status: 'idle' } | McpConnectionState;

export const useMcpStates = create<{ states: Record<string, McpServerState> }>(() => ({ states: {} }));

export type LiveMcpServer = {
  connection: McpConnection;
  server: McpServerSummary;
  tools: McpToolInfo[];
  label?: string;
};

const live = new Map<string, LiveMcpServer>();
const logWatchers = new Map<string, Set<(message: McpLogMessage) => void>>();

/**
 * Hands the server's log messages to `sink` until the returned function is called. A server's log is not tied to
 * one request, so a call watches its server's messages while it runs and keeps them as its logs.
 */
export function watchMcpLogs(serverId: string, sink: (message: McpLogMessage) => void): () => void {
  const set = logWatchers.get(serverId) ?? new Set();
  logWatchers.set(serverId, set);
  set.add(sink);
  return () => set.delete(sink);
}
const connecting = new Map<string, Promise<LiveMcpServer | null>>();

function setState(id: string, state: McpServerState): void {
  useMcpStates.setState((s) => ({ states: { ...s.states, [id]: state } }));
}

async function saveTools(record: McpServerRecord, server: McpServerSummary, tools: McpToolInfo[]): Promise<void> {
  const { name, version, protocolRevision } = server;
  const counts = { ...server.counts, tools: tools.length };
  await updateMcpServer(db, record.id, {
    ...(record.name.trim() === '' ? { name: server.title ?? server.name } : {}),
    cache: { tools, server: { name, version, protocolRevision, counts }, fetchedAt: Date.now() },
  }).catch(() => undefined);
}

/** The server's live connection, connecting first when there is none; null when it cannot connect (its state says why). */
export function connectMcp(record: McpServerRecord): Promise<LiveMcpServer | null> {
  const ready = live.get(record.id);
  if (ready !== undefined) return Promise.resolve(ready);
  const under = connecting.get(record.id);
  if (under !== undefined) return under;
  const attempt = (async (): Promise<LiveMcpServer | null> => {
    try {
      const [{ connectMcpServer }, headers] = await Promise.all([loadMcpRuntime(), mcpServerHeaders(db, record)]);
      let current: LiveMcpServer | null = null;
      const auth = await signedInAccess(record, headers);
      const result = await connectMcpServer({
        url: record.url,
        headers,
        ...(auth ?? {}),
        onState: (state) => {
          const broken = state.status === 'failed' && state.failure.kind === 'broken' ? state.failure : null;
          // The Tools view names the server as the person does (its name here), not as it names itself.
          setState(
            record.id,
            broken !== null && current?.label !== undefined
              ? {
                  status: 'failed',
                  failure: { ...broken, message: protocolFaultSentence(current.label, broken.fault) },
                }
              : state,
          );
          // Sign-in lost, or the protocol broken, on a live connection: the next use connects again (and Sign in
          // or Reconnect does) instead of reusing it.
          if (
            (state.status === 'needs-sign-in' || broken !== null) &&
            current !== null &&
            live.get(record.id) === current
          ) {
            live.delete(record.id);
            void current.connection.close().catch(() => undefined);
          }
        },
        elicit: askMcpUser,
        elicitUrl: askMcpLink,
        // Sampling is a 2025-11-25 feature (deprecated in 2026-07-28); the SDK sends it only from such servers.
        sample: async (request, signal) => {
          // The bar is the model's time only: waiting for the person's approval is not model time.
          let startedAt = Date.now();
          const answer = await import('../asks/mcp-sampling').then((m) =>
            m.approveAndSample(request, signal, (t) => (startedAt = t)),
          );
          if (answer.action === 'approve' && answer.usage !== undefined) {
            const { promptTokens, completionTokens } = answer.usage;
            reportMcpSampling(record.id, {
              model: answer.model,
              usage: { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, estimated: false },
              startedAt,
              durationMs: Math.max(0, Date.now() - startedAt),
            });
          }
          // The call that caused it (the one watching this server's log) keeps a line saying what the model spent.
          const used =
            answer.action === 'approve' && answer.usage !== undefined
              ? `, ${answer.usage.promptTokens} tokens in, ${answer.usage.completionTokens} out`
              : '';
          const line: McpLogMessage = {
            level: 'info',
            logger: 'sampling',
            data: answer.action === 'approve' ? `approved: ${answer.model}${used}` : 'denied',
          };
          for (const sink of logWatchers.get(record.id) ?? []) sink(line);
          return answer;
        },
        logLevel: 'info',
        onLog: (message) => {
          for (const sink of logWatchers.get(record.id) ?? []) sink(message);
        },
        onToolsChanged: (tools) => {
          if (current === null) return;
          current.tools = tools;
          void saveTools(record, current.server, tools);
        },
      });
      if (result.status !== 'connected') return null;
      const tools = await result.connection.listTools().catch(() => [] as McpToolInfo[]);
      // The list broke the protocol (its state says how): the connection is not kept.
      if (useMcpStates.getState().states[record.id]?.status === 'failed') {
        await result.connection.close();
        return null;
      }
      current = {
        connection: result.connection,
        server: result.server,
        tools,
        label: record.name.trim() !== '' ? record.name : (result.server.title ?? result.server.name),
      };
      // Removed or disabled while connecting: the connection is not kept.
      const stored = await getMcpServer(db, record.id);
      if (stored === undefined || !stored.enabled) {
        await result.connection.close();
        setState(record.id, { status: 'idle' });
        return null;
      }
      live.set(record.id, current);
      await saveTools(stored, result.server, tools);
      return current;
    } catch (error) {
      setState(record.id, {
        status: 'failed',
        failure: { kind: 'protocol', message: error instanceof Error ? error.message : String(error) },
      });
      return null;
    } finally {
      connecting.delete(record.id);
    }
  })();
  connecting.set(record.id, attempt);
  return attempt;
}

/**
 * The server's stored sign-in, for a server that has one (architecture.md, "MCP sign-in"). A server given its own
 * Authorization header keeps using that; a server never signed in to gets none, so connecting has no side effects
 * at its authorization server.
 */
async function signedInAccess(record: McpServerRecord, headers: Record<string, string>) {
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) return null;
  const signIn = await mcpSignInFor(record.url);
  if (!(await signIn.status()).signedIn) return null;
  return { authProvider: signIn.authProvider, fetch: signIn.fetch, takeAuthFailure: signIn.takeFailure };
}

/** The page's live connections, by server id (for prompts and resources across servers). */
export function liveMcpServers(): Array<[string, LiveMcpServer]> {
  return [...live.entries()];
}

/** Closes the server's connection (if any); its state returns to idle. */
export async function disconnectMcp(id: string): Promise<void> {
  const entry = live.get(id);
  live.delete(id);
  setState(id, { status: 'idle' });
  if (entry !== undefined) await entry.connection.close().catch(() => undefined);
}

export async function reconnectMcp(record: McpServerRecord): Promise<LiveMcpServer | null> {
  await connecting.get(record.id);
  await disconnectMcp(record.id);
  return connectMcp(record);
}
