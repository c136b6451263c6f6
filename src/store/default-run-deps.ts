import { db } from '../db/database';
import { loadHistory } from '../db/messages-repo';
import { createPersister } from '../db/persister';
import { recoverSession } from '../db/recover';
import { readCollectorConfig } from '../db/collector-repo';
import { acquireRunLock } from '../db/run-lock';
import { getSession } from '../db/sessions-repo';
import { listTools, toolSecretSource } from '../db/tools-repo';
import { listMcpServers } from '../db/mcp-servers-repo';
import { currentBaseURL, openEndpoint } from './settings/endpoint-door';
import { useSettingsStore } from './settings/settings-store';
import type { RunContextArgs } from '../context/run-context';
import type { RunDeps } from './run/run-deps';

type Preparer = (args: RunContextArgs) => ReturnType<NonNullable<RunDeps['prepareContext']>>;

/** The real modules behind the run controller. */
export function defaultRunDeps(): RunDeps {
  // Memory recall and embeddings (and, through their error handling, the openai SDK) load with the first run.
  let preparer: Promise<Preparer> | null = null;
  return {
    // The loop loads with the first run, not with the page.
    runAgent: async (input) => (await import('../agent/loop')).runAgent(input),
    // The endpoint door reads the key; the SDK loads with the first request, not with the page.
    openEndpoint,
    // The tool runners (ajv) load with the first run, not with the page.
    createToolExecutor: async (opts) => {
      const [{ createToolExecutor }, definitions, servers] = await Promise.all([
        import('../tools/executor'),
        listTools(db),
        listMcpServers(db),
      ]);
      const base = createToolExecutor(definitions, {
        secrets: toolSecretSource(db),
        ...(opts?.outputLimitBytes !== undefined ? { outputLimitBytes: opts.outputLimitBytes } : {}),
      });
      // MCP servers' tools join the run's tools; the MCP client loads only when a server is enabled.
      if (!servers.some((s) => s.enabled)) return base;
      const { withMcpTools } = await import('./mcp/connections/mcp-run-tools');
      return withMcpTools(base, servers, {
        ...(opts?.outputLimitBytes !== undefined ? { outputLimitBytes: opts.outputLimitBytes } : {}),
        ...(opts?.sessionId !== undefined ? { sessionId: opts.sessionId } : {}),
      });
    },
    createPersister: (sessionId, onError) => {
      const persister = createPersister(db, sessionId, { onError: (info) => onError(info) });
      return {
        emit: persister,
        // Two calls, not one: a flush on the page being hidden must not close a run that goes on streaming.
        flush: () => persister.flush(),
        close: () => persister.close(),
        unsaved: () => persister.pending().length > 0 || persister.pendingMessages().length > 0,
        unsavedRecords: () => persister.unsavedRecords(),
        recordToolSet: (set) => persister.recordToolSet(set),
      };
    },
    acquireRunLock: (sessionId) => acquireRunLock(sessionId),
    recoverSession: (sessionId) => recoverSession(db, sessionId, { force: true }),
    closePausedRun: async (sessionId, runId) => (await import('../db/paused-run')).closePausedRun(db, sessionId, runId),
    // The trace code loads only when the automatic push is on (architecture.md, "Traces").
    afterRun: (sessionId, runId) => {
      void readCollectorConfig(db)
        .then((c) =>
          c.autoPush && c.url.trim()
            ? import('./trace-push').then((m) => m.sendToCollector(sessionId, runId))
            : undefined,
        )
        .catch(() => undefined);
    },
    // Raw traffic goes straight to its table, bounded per session by Settings' limit (docs/wire-capture.md); a failed
    // write loses only it.
    recordExchange: (exchange) => {
      const limit = useSettingsStore.getState().rawTrafficLimitBytes;
      void import('../db/wire-exchanges-repo')
        .then((m) => m.putWireExchange(db, exchange, limit))
        .catch(() => undefined);
    },
    getSession: (id) => getSession(db, id),
    loadHistory: (id) => loadHistory(db, id),
    setTitle: async (id, title) => {
      await db.sessions.update(id, { title });
    },
    setEndpoint: async (id, endpoint) => {
      await db.sessions.update(id, { endpoint });
    },
    // The endpoint Settings point at, through the endpoint door.
    getBaseURL: currentBaseURL,
    newId: () => crypto.randomUUID(),
    now: () => Date.now(),
    // Loaded at the first approval request, not with the page (architecture.md, "Approvals").
    approvalScope: (sessionId, tool, args) =>
      import('./settings/approval-scope-store').then((m) => m.scopedDecision(sessionId, tool, args)),
    // Loaded with the first run, not with the page.
    viewContext: async (sessionId) => (await import('./mcp/apps/model-context')).viewContextFor(sessionId),
    prepareContext: async (args) => {
      preparer ??= import('../context/run-context-db').then((m) => m.createRunContextPreparer(db));
      return (await preparer)(args);
    },
  };
}
