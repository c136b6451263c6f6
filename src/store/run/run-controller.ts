import { DEFAULT_CONFIG, type LoopConfig } from '../../domain/loop-config';
import type { AgentEvent } from '../../domain/run-events';
import type { ApprovalDecision, ApprovalGate, ToolExecutor } from '../../agent/tool-executor';
import { DEFAULT_TITLE } from '../../db/sessions-repo';
import { classifyStorageError, storageErrorInfo } from '../../db/storage-errors';
import { internalError } from '../../agent/errors';
import type { ErrorInfo } from '../../domain/error-info';
import type { ChatMessage, MessageImage } from '../../domain/messages';
import { isLiveStatus, sameBaseURL, type SessionRecord } from '../../domain/session';
import type { UnsavedRecords } from '../../db/persister';
import type { RunLock } from '../../db/run-lock';
import { branchOnEdit } from '../../db/branch-on-edit';
import type { FrameScheduler } from './frame-batcher';
import { wireSettingsOf, type WireSettings } from '../../llm/api-format';
import { offeredProviderTools } from '../../llm/provider-tools';
import type { RunDeps, OpenedRunEndpoint, RunPersister } from './run-deps';
import { createStoreSink, useRunStore } from './run-store';
import type { RerunOptions } from './rerun-preparation';
import { createPauseGate } from './pause-gate';
import { toolSwitchesOf } from '../../context/tools-offered-today';
import { resumeInput, type ResumeOptions } from './resume-pause';

type StartResult =
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
  const {
    systemPrompt: _p,
    contextLimit: _c,
    apiFormat: _a,
    providerTools: _t,
    providerStorage: _s,
    remoteMcpUrl: _m,
    vectorStoreId: _v,
    toolsEnabled: _te,
    memoryEnabled: _me,
    ...limits
  } = session.settings;
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
  constructor(
    readonly info: ErrorInfo,
    cause: unknown,
  ) {
    super(info.message, { cause });
    this.name = 'PreparationError';
  }
}

const UNSAVED_MESSAGE =
  'The last reply is still not saved: browser storage refuses writes (full or unavailable). Export ' +
  'the session or free space by deleting old sessions, then send again.';

export function titleFrom(message: string): string {
  const line = message.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57)}…` : line || DEFAULT_TITLE;
}

type LiveRun = { runId: string; abort: AbortController; persister?: RunPersister };

/** What the controller keeps between calls: its deps, the live runs of this tab, and runs whose writes failed. */
type Controller = {
  deps: RunDeps;
  schedule: FrameScheduler | undefined;
  live: Map<string, LiveRun>;
  /**
   * A finished run's persister whose writes failed (storage full): its messages exist only in memory and on screen.
   * The next run of the session must not start from a stored history that lacks them, so it first retries them.
   */
  unsaved: Map<string, RunPersister>;
};

type Refusal = Extract<StartResult, { ok: false }>;
const refuse = (reason: Refusal['reason']): Refusal => ({ ok: false, reason });

/** The session and the endpoint a run may start with: every check passed, nothing claimed yet. */
type Admitted = { ok: true; session: SessionRecord; baseURL: string; wire: WireSettings; endpoint: OpenedRunEndpoint };

/** A claimed run: its slot in this tab, the session's run lock, and the signal Stop aborts. */
type Claimed = { ok: true; runId: string; abort: AbortController; lock: RunLock };

/**
 * Starts and stops runs. One live run per session in this tab (the Web Lock extends that across tabs).
 * Events fan out to the store (once per frame) and to the persister (batched writes).
 */
export function createRunController(deps: RunDeps, schedule?: FrameScheduler) {
  const c: Controller = { deps, schedule, live: new Map(), unsaved: new Map() };
  return {
    start: (request: StartRequest) => start(c, request),
    stop(sessionId: string): boolean {
      const run = c.live.get(sessionId);
      if (!run) return false;
      run.abort.abort();
      return true;
    },
    isRunning: (sessionId: string) => c.live.has(sessionId),
    /** Writes what every live run has buffered now (the page is being hidden or closed: the next second may not come). */
    flushAll(): Promise<void> {
      return Promise.all([...c.live.values()].map((run) => run.persister?.flush().catch(() => undefined))).then(
        () => undefined,
      );
    },
    /** The session's records that exist only in memory (a running or finished run whose writes failed). */
    unsavedRecords(sessionId: string): UnsavedRecords | null {
      const persister = c.live.get(sessionId)?.persister ?? c.unsaved.get(sessionId);
      return persister?.unsavedRecords?.() ?? null;
    },
  };
}

export type RunController = ReturnType<typeof createRunController>;

/** A run, step by step: may it start, claim it, then drive the loop to its end. */
async function start(c: Controller, request: StartRequest): Promise<StartResult> {
  const admitted = await admit(c, request);
  if (!admitted.ok) return admitted;
  const claimed = await claim(c, request, admitted.session);
  if (!claimed.ok) return claimed;
  return { ok: true, runId: claimed.runId, done: drive(c, request, admitted, claimed) };
}

/** The checks before anything is claimed: no run here yet, the session, its endpoint, a key (or none needed), a model. */
async function admit(c: Controller, request: StartRequest): Promise<Admitted | Refusal> {
  if (c.live.has(request.sessionId)) return refuse('busy');
  const session = await c.deps.getSession(request.sessionId);
  if (!session) return refuse('no_session');
  const baseURL = c.deps.getBaseURL();
  // A session continues on its own endpoint: its model name means nothing to another provider, so ask first.
  if (session.endpoint && !sameBaseURL(session.endpoint.baseURL, baseURL)) return refuse('endpoint_changed');
  const wire = wireSettingsOf(session.settings, baseURL);
  // The door reads the key and says whether the endpoint can be asked: local servers need none, and none is sent to
  // them (architecture.md, invariant 3 holds for the key when there is one).
  const endpoint = await c.deps.openEndpoint({ baseURL, wire });
  if (!endpoint.ready) return refuse('no_key');
  const rerunModel = request.kind === 'rerun' ? request.rerun.model : undefined;
  if (!(rerunModel ?? session.model).trim()) return refuse('no_model');
  return { ok: true, session, baseURL, wire, endpoint };
}

/** Claims the session's slot and run lock, stores what a previous run left unsaved, repairs what a closed tab left. */
async function claim(c: Controller, request: StartRequest, session: SessionRecord): Promise<Claimed | Refusal> {
  const { sessionId } = request;
  // Claim the slot before any await that could let a second click in.
  if (c.live.has(sessionId)) return refuse('busy');
  const abort = new AbortController();
  const runId = c.deps.newId();
  c.live.set(sessionId, { runId, abort });
  const lock = await c.deps.acquireRunLock(sessionId);
  if (!lock.ok) {
    c.live.delete(sessionId);
    return refuse('locked');
  }
  if (!(await saveLeftovers(c, sessionId))) {
    c.live.delete(sessionId);
    lock.lock.release();
    useRunStore
      .getState()
      .pushSideError({ sessionId, error: { fault: 'system', kind: 'storage', message: UNSAVED_MESSAGE } });
    return refuse('unsaved');
  }
  // Stored as live, yet we now hold its lock: the tab that ran it closed (maybe while this one watched).
  // Repair it first, or the new run would start from a history without the partial reply or tool results.
  // A run left at a pause by a reload is closed instead: the resumed run goes on from its stored state.
  if (request.kind === 'resume')
    await c.deps.closePausedRun?.(sessionId, request.resume.pause.runId).catch(() => undefined);
  else if (isLiveStatus(session.status)) await c.deps.recoverSession?.(sessionId).catch(() => undefined);
  return { ok: true, runId, abort, lock: lock.lock };
}

/** Retries a previous run's unsaved writes; false when they still cannot be stored. */
async function saveLeftovers(c: Controller, sessionId: string): Promise<boolean> {
  const left = c.unsaved.get(sessionId);
  if (!left) return true;
  await left.flush().catch(() => undefined);
  if (left.unsaved?.()) return false;
  c.unsaved.delete(sessionId);
  const store = useRunStore.getState();
  for (const e of store.sideErrors)
    if (e.sessionId === sessionId && e.error.kind === 'storage') store.dismissSideError(e);
  return true;
}

/** The claimed run from its first event to its lock released: the loop, then what ends every run. */
function drive(c: Controller, request: StartRequest, admitted: Admitted, claimed: Claimed): Promise<void> {
  const { sessionId } = request;
  const { runId, abort } = claimed;
  useRunStore.getState().beginRun(sessionId, runId, c.deps.now());
  const sink = createStoreSink(sessionId, c.schedule);
  const persister = c.deps.createPersister(sessionId, (error) =>
    useRunStore.getState().pushSideError({ sessionId, error }),
  );
  c.live.set(sessionId, { runId, abort, persister });
  const emit = runSink(c, admitted, sink, persister);
  return (async () => {
    try {
      await runLoop(c, request, admitted, claimed, { emit, persister });
    } catch (err) {
      // The loop reports its own failures as events; reaching here is a wiring fault, shown rather than lost.
      useRunStore.getState().pushSideError({ sessionId, error: wiringError(err) });
    } finally {
      await endRun(c, sessionId, runId, sink, persister, claimed.lock);
    }
  })();
}

/** Where the run's events go: the store and the persister, an argument edit made a branch first. */
function runSink(
  c: Controller,
  { session, baseURL }: Admitted,
  sink: ReturnType<typeof createStoreSink>,
  persister: RunPersister,
) {
  // The endpoint is the session's once a reply came from it: until then (a mistyped URL, a wrong key) fixing
  // Settings is no change of provider.
  let endpointKnown = session.endpoint !== undefined;
  // An argument edit at a pause becomes a branch before the store and the persister see it (db/branch-on-edit.ts).
  return branchOnEdit((e: AgentEvent) => {
    if (!endpointKnown && e.type === 'request_finished') {
      endpointKnown = true;
      void c.deps.setEndpoint?.(session.id, { baseURL }).catch(() => undefined);
    }
    sink.emit(e);
    persister.emit(e);
    if (e.type === 'run_finished') sink.flush();
  }, c.deps.newId);
}

/** The run's input to the loop, and the loop run to its end. */
async function runLoop(
  c: Controller,
  request: StartRequest,
  admitted: Admitted,
  claimed: Claimed,
  run: { emit: ReturnType<typeof runSink>; persister: RunPersister },
): Promise<void> {
  const { emit, persister } = run;
  const { sessionId } = request;
  const { session, endpoint, wire } = admitted;
  const userMessage = request.kind === 'message' ? request.text : undefined;
  const userImages = request.kind === 'message' ? request.images : undefined;
  const rerun = request.kind === 'rerun' ? request.rerun : undefined;
  const resumed = request.kind === 'resume' ? resumeInput(request.resume) : null;
  // A title is a nicety: failing to store it (e.g. storage full) must not stop the run.
  if (userMessage && session.title === DEFAULT_TITLE)
    await c.deps.setTitle(sessionId, titleFrom(userMessage)).catch(() => undefined);
  const storedHistory = await c.deps.loadHistory(sessionId);
  // A resumed run adopts its stored message again as its first turn: it leaves the history it starts from.
  const adoptedId = resumed?.input.adopted?.messageId;
  const history = adoptedId === undefined ? storedHistory : storedHistory.filter((m) => m.id !== adoptedId);
  const systemPrompt = session.settings.systemPrompt?.trim();
  const config = { ...sessionConfig(session), ...(rerun?.model ? { model: rerun.model } : {}) };
  const requestLayers = viewContextLayers(c, sessionId, rerun);
  await c.deps.runAgent({
    runId: claimed.runId,
    sessionId,
    history,
    ...(userMessage !== undefined ? { userMessage } : {}),
    ...(userImages !== undefined && userImages.length > 0 ? { userImages } : {}),
    config,
    model: endpoint.client,
    tools: NO_TOOLS,
    prepare: preparation(c, {
      session,
      endpoint,
      history,
      config,
      claimed,
      ...(userMessage !== undefined ? { userMessage } : {}),
      ...(rerun ? { rerun } : {}),
    }),
    ...(requestLayers ? { requestLayers } : {}),
    ...(systemPrompt ? { systemPrompt } : {}),
    ...(rerun?.adopted ? { adopted: rerun.adopted } : {}),
    ...(resumed?.input ?? {}),
    approve: approvalGate(c, sessionId),
    pause: createPauseGate({
      sessionId,
      breakpoints: async () => (await c.deps.getSession(sessionId))?.breakpoints,
      stored: () => stored(c, sessionId),
      primed: resumed?.primed ?? null,
    }),
    signal: claimed.abort.signal,
    emit,
    providerTools: offeredProviderTools(wire),
    ...(persister.recordToolSet ? { onToolSet: (set) => persister.recordToolSet?.(set) } : {}),
    ...(c.deps.recordExchange ? { onExchange: (e) => c.deps.recordExchange?.(e) } : {}),
  });
}

type PreparationInput = {
  session: SessionRecord;
  endpoint: OpenedRunEndpoint;
  history: ChatMessage[];
  config: LoopConfig;
  claimed: Claimed;
  userMessage?: string;
  rerun?: RerunOptions;
};

/**
 * Recall and loading tools run inside the loop, after the user message is stored: Stop or a failure there ends the
 * run (cancelled, or with a clear error) and never loses what was typed.
 */
function preparation(
  c: Controller,
  { session, endpoint, history, config, claimed, userMessage, rerun }: PreparationInput,
) {
  const sessionId = session.id;
  const systemPrompt = session.settings.systemPrompt?.trim();
  return async (signal: AbortSignal) => {
    try {
      const on = toolSwitchesOf(session.settings);
      const tools = on.tools
        ? await c.deps.createToolExecutor({ outputLimitBytes: config.toolOutputLimitBytes, sessionId })
        : NO_TOOLS;
      const prepared = c.deps.prepareContext
        ? await c.deps.prepareContext({
            session,
            endpoint,
            history,
            ...(userMessage !== undefined ? { userMessage } : {}),
            tools,
            model: endpoint.client,
            signal,
            recall: on.memory && !rerun,
            rememberTool: on.remember,
          })
        : null;
      // Loaded with the first re-run, not with the page.
      if (rerun)
        return (await import('./rerun-preparation')).rerunPreparation({
          sessionId,
          rerun,
          tools: prepared?.tools ?? tools,
          settings: session.settings,
          approve: approvalGate(c, sessionId),
          stop: () => claimed.abort.abort(),
          stored: () => stored(c, sessionId),
        });
      return prepared ?? { tools, ...(systemPrompt ? { systemPrompt } : {}) };
    } catch (err) {
      throw new PreparationError(wiringError(err), err);
    }
  };
}

/**
 * What MCP App Views asked the model to know is read again before each request of the run, so a change made while
 * the run goes on reaches its next request (architecture.md, "MCP Apps"). A failure to read it sends the request
 * without it rather than ending the run. A re-run sends the step's recorded layers only.
 */
function viewContextLayers(c: Controller, sessionId: string, rerun: RerunOptions | undefined) {
  const viewContext = c.deps.viewContext;
  if (!viewContext || rerun?.sentLayers) return undefined;
  return async () => {
    const layer = await viewContext(sessionId).catch(() => null);
    return layer === null ? [] : [layer];
  };
}

/** What ends every run, however it ended: its writes, its lock, the store told, then the after-run report. */
async function endRun(
  c: Controller,
  sessionId: string,
  runId: string,
  sink: ReturnType<typeof createStoreSink>,
  persister: RunPersister,
  lock: RunLock,
): Promise<void> {
  sink.flush();
  await (persister.close ? persister.close() : persister.flush()).catch(() => undefined);
  if (persister.unsaved?.()) c.unsaved.set(sessionId, persister);
  lock.release();
  // The run counts as over only once other readers see the lock free: a chat that sees `ended` while the
  // lock still shows held would take its own run for one in another tab and turn read-only for a moment.
  await lock.released;
  c.live.delete(sessionId);
  useRunStore.getState().endRun(sessionId, runId);
  // After the run is over and stored: whatever follows (a trace push) cannot slow or fail it.
  try {
    c.deps.afterRun?.(sessionId, runId);
  } catch {
    // Only a report; the run is already complete.
  }
}

/**
 * Resolves once everything the run has emitted so far is written (never rejects: a failing write is reported on its
 * own). A question put to the person waits for it, so a call shown as waiting is a stored call: a reload then finds
 * it and marks it interrupted instead of losing the turn (architecture.md, invariant 2).
 */
function stored(c: Controller, sessionId: string): Promise<void> {
  return (
    c.live
      .get(sessionId)
      ?.persister?.flush()
      .catch(() => undefined) ?? Promise.resolve()
  );
}

function approvalGate(c: Controller, sessionId: string): ApprovalGate {
  return (call, signal) =>
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
        void stored(c, sessionId).then(() => {
          if (settled) return;
          store.addApproval({
            sessionId,
            callId: call.callId,
            name: call.name,
            arguments: call.arguments,
            key,
            ...(call.schema ? { schema: call.schema } : {}),
            ...(call.repeat !== undefined
              ? { repeat: call.repeat, stopRun: () => c.live.get(sessionId)?.abort.abort() }
              : {}),
            resolve: settle,
          });
        });
      // A repeated call is the person's to judge each time (architecture.md, "Repeated-call guard"): no standing answer settles it.
      if (!c.deps.approvalScope || call.repeat !== undefined) return ask();
      void c.deps.approvalScope(sessionId, key, call.arguments).then((scoped) => {
        if (settled) return;
        if (scoped?.decision === 'approve') return settle({ decision: 'approve', by: scoped.by });
        if (scoped?.decision === 'deny')
          return settle({ decision: 'deny', reason: 'denied for this session', by: scoped.by });
        ask();
      }, ask);
    });
}
