import { DEFAULT_CONFIG, type LoopConfig } from '../../domain/loop-config';
import type { AgentEvent } from '../../agent/events';
import type { ApprovalDecision, ApprovalGate, ToolExecutor } from '../../agent/tool-executor';
import { DEFAULT_TITLE } from '../../db/sessions-repo';
import { classifyStorageError, storageErrorInfo } from '../../db/storage-errors';
import { internalError } from '../../agent/errors';
import { endpointReady } from '../../llm/known-providers';
import type { ErrorInfo } from '../../domain/error-info';
import type { MessageImage } from '../../domain/messages';
import { isLiveStatus, sameBaseURL, type SessionRecord } from '../../domain/session';
import type { UnsavedRecords } from '../../db/persister';
import { branchOnEdit } from '../../db/branch-on-edit';
import type { FrameScheduler } from './frame-batcher';
import { wireSettingsOf } from '../../llm/api-format';
import { offeredProviderTools } from '../../llm/provider-tools';
import type { RunDeps, RunPersister } from './run-deps';
import { createStoreSink, useRunStore } from './run-store';
import type { RerunOptions } from './rerun-preparation';
import { createPauseGate } from './pause-gate';
import { resumeInput, type ResumeOptions } from './resume-pause';

export type StartResult =
  | { ok: true; runId: string; done: Promise<void> }
  | { ok: false; reason: 'no_key' | 'no_model' | 'busy' | 'locked' | 'no_session' | 'unsaved' | 'endpoint_changed' };

/**
 * What a run starts from: the person's message (none: more turns on the history as it is, after a limit or a failed
 * request), a re-run of a recorded step (no new message), or a run resumed at a pause a reload left behind
 * (docs/debugging.md, "Breakpoints").
 */
export type StartRequest =
  | { kind: 'message'; sessionId: string; text?: string; images?: MessageImage[] }
  | { kind: 'rerun'; sessionId: string; rerun: RerunOptions }
  | { kind: 'resume'; sessionId: string; resume: ResumeOptions };

export function sessionConfig(session: SessionRecord): LoopConfig {
  const { systemPrompt: _p, contextLimit: _c, apiFormat: _a, providerTools: _t, providerStorage: _s, remoteMcpUrl: _m, vectorStoreId: _v, toolsEnabled: _te, memoryEnabled: _me, ...limits } = session.settings;
  const defined = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
  return { ...DEFAULT_CONFIG, ...defined, model: session.model };
}

function wiringError(err: unknown): ErrorInfo {
  const storage = classifyStorageError(err);
  if (storage !== 'other') return storageErrorInfo(storage, err);
  return internalError('start', 'The run could not start', err);
}

const NO_TOOLS: ToolExecutor = { list: () => [], get: () => undefined };

/** Carries the ErrorInfo of a failed preparation into the loop (a storage failure stays a storage error). */
class PreparationError extends Error {
  constructor(readonly info: ErrorInfo, cause: unknown) {
    super(info.message, { cause });
    this.name = 'PreparationError';
  }
}

export const UNSAVED_MESSAGE =
  'The last reply is still not saved: browser storage refuses writes (full or unavailable). Export the session or free space by deleting old sessions, then send again.';

export function titleFrom(message: string): string {
  const line = message.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || DEFAULT_TITLE;
}

/**
 * Starts and stops runs. One live run per session in this tab (the Web Lock extends that across tabs).
 * Events fan out to the store (once per frame) and to the persister (batched writes).
 */
export function createRunController(deps: RunDeps, schedule?: FrameScheduler) {
  const live = new Map<string, { runId: string; abort: AbortController; persister?: RunPersister }>();
  /**
   * A finished run's persister whose writes failed (storage full): its messages exist only in memory and on screen.
   * The next run of the session must not start from a stored history that lacks them, so it first retries them.
   */
  const unsaved = new Map<string, RunPersister>();

  /** Retries a previous run's unsaved writes; false when they still cannot be stored. */
  async function saveLeftovers(sessionId: string): Promise<boolean> {
    const left = unsaved.get(sessionId);
    if (!left) return true;
    await left.flush().catch(() => undefined);
    if (left.unsaved?.()) return false;
    unsaved.delete(sessionId);
    const store = useRunStore.getState();
    for (const e of store.sideErrors) if (e.sessionId === sessionId && e.error.kind === 'storage') store.dismissSideError(e);
    return true;
  }

  /**
   * Resolves once everything the run has emitted so far is written (never rejects: a failing write is reported on its
   * own). A question put to the person waits for it, so a call shown as waiting is a stored call: a reload then finds
   * it and marks it interrupted instead of losing the turn (architecture.md, invariant 2).
   */
  const stored = (sessionId: string): Promise<void> => live.get(sessionId)?.persister?.flush().catch(() => undefined) ?? Promise.resolve();

  const approvalGate = (sessionId: string): ApprovalGate => (call, signal) =>
    new Promise<ApprovalDecision>((resolve) => {
      const store = useRunStore.getState();
      let settled = false;
      const settle = (d: ApprovalDecision) => {
        if (settled) return;
        settled = true;
        useRunStore.getState().removeApproval(call.callId);
        resolve(d);
      };
      if (signal.aborted) return settle({ decision: 'deny', reason: 'cancelled by user' });
      signal.addEventListener('abort', () => settle({ decision: 'deny', reason: 'cancelled by user' }), { once: true });
      // A standing answer the person gave earlier (for this session, or always) settles it without asking again.
      const key = call.key ?? { tool: call.name };
      const ask = () =>
        void stored(sessionId).then(() => {
          if (settled) return;
          store.addApproval({ sessionId, callId: call.callId, name: call.name, arguments: call.arguments, key, ...(call.schema ? { schema: call.schema } : {}), ...(call.repeat !== undefined ? { repeat: call.repeat, stopRun: () => live.get(sessionId)?.abort.abort() } : {}), resolve: settle });
        });
      // A repeated call is the person's to judge each time (architecture.md, "Repeated-call guard"): no standing answer settles it.
      if (!deps.approvalScope || call.repeat !== undefined) return ask();
      void deps.approvalScope(sessionId, key, call.arguments).then((scoped) => {
        if (settled) return;
        if (scoped?.decision === 'approve') return settle({ decision: 'approve', by: scoped.by });
        if (scoped?.decision === 'deny') return settle({ decision: 'deny', reason: 'denied for this session', by: scoped.by });
        ask();
      }, ask);
    });

  async function start(request: StartRequest): Promise<StartResult> {
    const { sessionId } = request;
    const userMessage = request.kind === 'message' ? request.text : undefined;
    const userImages = request.kind === 'message' ? request.images : undefined;
    const rerun = request.kind === 'rerun' ? request.rerun : undefined;
    const resume = request.kind === 'resume' ? request.resume : undefined;
    if (live.has(sessionId)) return { ok: false, reason: 'busy' };
    const session = await deps.getSession(sessionId);
    if (!session) return { ok: false, reason: 'no_session' };
    // A session continues on its own endpoint: its model name means nothing to another provider, so ask first.
    if (session.endpoint && !sameBaseURL(session.endpoint.baseURL, deps.getBaseURL())) return { ok: false, reason: 'endpoint_changed' };
    // Local servers need no key: none is sent to them (architecture.md, invariant 3 holds for the key when there is one).
    const apiKey = (await deps.getApiKey()) ?? '';
    if (!endpointReady(deps.getBaseURL(), apiKey !== '')) return { ok: false, reason: 'no_key' };
    if (!(rerun?.model ?? session.model).trim()) return { ok: false, reason: 'no_model' };
    // Claim the slot before any await that could let a second click in.
    if (live.has(sessionId)) return { ok: false, reason: 'busy' };
    const abort = new AbortController();
    const runId = deps.newId();
    live.set(sessionId, { runId, abort });

    const lock = await deps.acquireRunLock(sessionId);
    if (!lock.ok) {
      live.delete(sessionId);
      return { ok: false, reason: 'locked' };
    }
    if (!(await saveLeftovers(sessionId))) {
      live.delete(sessionId);
      lock.lock.release();
      useRunStore.getState().pushSideError({ sessionId, error: { fault: 'system', kind: 'storage', message: UNSAVED_MESSAGE } });
      return { ok: false, reason: 'unsaved' };
    }
    // Stored as live, yet we now hold its lock: the tab that ran it closed (maybe while this one watched).
    // Repair it first, or the new run would start from a history without the partial reply or tool results.
    // A run left at a pause by a reload is closed instead: the resumed run goes on from its stored state.
    if (resume) await deps.closePausedRun?.(sessionId, resume.pause.runId).catch(() => undefined);
    else if (isLiveStatus(session.status)) await deps.recoverSession?.(sessionId).catch(() => undefined);
    const resumed = resume ? resumeInput(resume) : null;

    const store = useRunStore.getState();
    store.beginRun(sessionId, runId, deps.now());
    const sink = createStoreSink(sessionId, schedule);
    const persister = deps.createPersister(sessionId, (error) => useRunStore.getState().pushSideError({ sessionId, error }));
    live.set(sessionId, { runId, abort, persister });
    // The endpoint is the session's once a reply came from it: until then (a mistyped URL, a wrong key) fixing
    // Settings is no change of provider.
    const baseURL = deps.getBaseURL();
    let endpointKnown = session.endpoint !== undefined;
    // An argument edit at a pause becomes a branch before the store and the persister see it (db/branch-on-edit.ts).
    const emit = branchOnEdit((e: AgentEvent) => {
      if (!endpointKnown && e.type === 'request_finished') {
        endpointKnown = true;
        void deps.setEndpoint?.(sessionId, { baseURL }).catch(() => undefined);
      }
      sink.emit(e);
      persister.emit(e);
      if (e.type === 'run_finished') sink.flush();
    }, deps.newId);

    const done = (async () => {
      try {
        // A title is a nicety: failing to store it (e.g. storage full) must not stop the run.
        if (userMessage && session.title === DEFAULT_TITLE) await deps.setTitle(sessionId, titleFrom(userMessage)).catch(() => undefined);
        const storedHistory = await deps.loadHistory(sessionId);
        // A resumed run adopts its stored message again as its first turn: it leaves the history it starts from.
        const adoptedId = resumed?.input.adopted?.messageId;
        const history = adoptedId === undefined ? storedHistory : storedHistory.filter((m) => m.id !== adoptedId);
        const systemPrompt = session.settings.systemPrompt?.trim();
        const config = { ...sessionConfig(session), ...(rerun?.model ? { model: rerun.model } : {}) };
        const wire = wireSettingsOf(session.settings, deps.getBaseURL());
        const model = deps.createModelClient({ apiKey, baseURL: deps.getBaseURL(), wire });
        // Recall and loading tools run inside the loop, after the user message is stored: Stop or a failure
        // there ends the run (cancelled, or with a clear error) and never loses what was typed.
        const prepare = async (signal: AbortSignal) => {
          try {
            const toolsOn = session.settings.toolsEnabled !== false;
            const memoryOn = session.settings.memoryEnabled !== false;
            const tools = toolsOn ? await deps.createToolExecutor({ outputLimitBytes: config.toolOutputLimitBytes, sessionId }) : NO_TOOLS;
            const prepared = deps.prepareContext
              ? await deps.prepareContext({ session, apiKey, baseURL: deps.getBaseURL(), history, ...(userMessage !== undefined ? { userMessage } : {}), tools, model, signal, recall: memoryOn && !rerun, rememberTool: toolsOn && memoryOn })
              : null;
            // Loaded with the first re-run, not with the page.
            if (rerun) return (await import('./rerun-preparation')).rerunPreparation({ sessionId, rerun, tools: prepared?.tools ?? tools, sessionPrompt: session.settings.systemPrompt, approve: approvalGate(sessionId), stop: () => abort.abort(), stored: () => stored(sessionId) });
            return prepared ?? { tools, ...(systemPrompt ? { systemPrompt } : {}) };
          } catch (err) {
            throw new PreparationError(wiringError(err), err);
          }
        };
        // What MCP App Views asked the model to know is read again before each request of the run, so a change
        // made while the run goes on reaches its next request (architecture.md, "MCP Apps"). A failure to read it
        // sends the request without it rather than ending the run.
        const viewContext = deps.viewContext;
        const requestLayers = viewContext && !rerun?.sentLayers
          ? async () => {
              const layer = await viewContext(sessionId).catch(() => null);
              return layer === null ? [] : [layer];
            }
          : undefined;
        await deps.runAgent({
          runId,
          sessionId,
          history,
          ...(userMessage !== undefined ? { userMessage } : {}),
          ...(userImages !== undefined && userImages.length > 0 ? { userImages } : {}),
          config,
          model,
          tools: NO_TOOLS,
          prepare,
          ...(requestLayers ? { requestLayers } : {}),
          ...(systemPrompt ? { systemPrompt } : {}),
          ...(rerun?.adopted ? { adopted: rerun.adopted } : {}),
          ...(resumed?.input ?? {}),
          approve: approvalGate(sessionId),
          pause: createPauseGate({ sessionId, breakpoints: async () => (await deps.getSession(sessionId))?.breakpoints, stored: () => stored(sessionId), primed: resumed?.primed ?? null }),
          signal: abort.signal,
          emit,
          providerTools: offeredProviderTools(wire),
          ...(persister.recordToolSet ? { onToolSet: (set) => persister.recordToolSet?.(set) } : {}),
        });
      } catch (err) {
        // The loop reports its own failures as events; reaching here is a wiring fault, shown rather than lost.
        useRunStore.getState().pushSideError({ sessionId, error: wiringError(err) });
      } finally {
        sink.flush();
        await (persister.close ? persister.close() : persister.flush()).catch(() => undefined);
        if (persister.unsaved?.()) unsaved.set(sessionId, persister);
        lock.lock.release();
        // The run counts as over only once other readers see the lock free: a chat that sees `ended` while the
        // lock still shows held would take its own run for one in another tab and turn read-only for a moment.
        await lock.lock.released;
        live.delete(sessionId);
        useRunStore.getState().endRun(sessionId, runId);
        // After the run is over and stored: whatever follows (a trace push) cannot slow or fail it.
        try {
          deps.afterRun?.(sessionId, runId);
        } catch {
          // Only a report; the run is already complete.
        }
      }
    })();
    return { ok: true, runId, done };
  }

  return {
    start,
    stop(sessionId: string): boolean {
      const run = live.get(sessionId);
      if (!run) return false;
      run.abort.abort();
      return true;
    },
    isRunning: (sessionId: string) => live.has(sessionId),
    /** Writes what every live run has buffered now (the page is being hidden or closed: the next second may not come). */
    flushAll(): Promise<void> {
      return Promise.all([...live.values()].map((run) => run.persister?.flush().catch(() => undefined))).then(() => undefined);
    },
    /** The session's records that exist only in memory (a running or finished run whose writes failed). */
    unsavedRecords(sessionId: string): UnsavedRecords | null {
      const persister = live.get(sessionId)?.persister ?? unsaved.get(sessionId);
      return persister?.unsavedRecords?.() ?? null;
    },
  };
}

export type RunController = ReturnType<typeof createRunController>;
