/**
 * Writes a session's agent event stream to IndexedDB as a subscriber of its own, in batches:
 * - deltas never cause a write each; buffered events and the streaming partial (status 'streaming') are written
 *   at most once per `flushIntervalMs` (default 1 s), so shown text is stored within about a second;
 * - structural points (run start/end, a message appended, request finished/failed, approvals) write at once;
 *   a turn's records — assistant message + its tool-call rows, later all its tool results — go in ONE transaction;
 * - writes are serialized on a promise chain; each write drains whatever is buffered when it runs.
 * Storage failures (quota, IndexedDB unavailable) never interrupt the run: `onError` gets a storage ErrorInfo once
 * per failing stretch, the unsaved events stay in memory (`pending()`) and are retried on the next write.
 * The session row must exist (sessions-repo createSession) for status/usage/counts to be recorded.
 */
import { addUsage, zeroUsage, type Usage } from '../domain/messages';
import type { EventSink } from '../domain/run-events';
import { type ToolscopeDB, sessionTables } from './database';
import { nextOrder, toMessageRecord } from './messages-repo';
import { branchForWrites } from './branches-repo';
import { branchStateOf, ROOT_BRANCH } from '../domain/branches';
import type { EventRecord, MessageRecord, RunRecord, ToolCallRecord } from './records';
import type { SessionRecord, SessionStatus } from '../domain/session';
import type { ToolSetRecord } from '../domain/offered-tools';
import { RunWriteBuffer, type Batch, type FlushHint } from './run-write-buffer';
import { classifyStorageError, storageErrorInfo, type StorageErrorInfo, type StorageFailure } from './storage-errors';

export type PersisterTimers = { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };

type PersisterOptions = {
  flushIntervalMs?: number;
  timers?: PersisterTimers;
  now?: () => number;
  onError?: (info: StorageErrorInfo, detail: { failure: StorageFailure; error: unknown }) => void;
  /** A write succeeded after failures: everything pending so far is now stored. */
  onRecovered?: () => void;
};

export type Persister = EventSink & {
  /** Writes everything buffered now; resolves when done (never rejects — failures go to onError). */
  flush(): Promise<void>;
  /** Final flush; later events are ignored. */
  close(): Promise<void>;
  /** Events not yet stored, oldest first (for export after a storage failure). */
  pending(): EventRecord[];
  /** Messages not yet stored, in order (held tool results and the streaming partial included). */
  pendingMessages(): MessageRecord[];
  /** The current storage failure, or null while writes succeed. */
  storageError(): StorageErrorInfo | null;
  /** Everything not yet stored, for an export that must not lose it; null when all is saved. */
  unsavedRecords(): UnsavedRecords | null;
  /** Keeps a tool set the run offers, once per session (architecture.md, "Offered tool sets"); written with the request that names it. */
  recordToolSet(set: { hash: string; tools: ToolSetRecord['tools'] }): void;
};

/** What only the persister's memory holds; the current run's record and the session status are the latest known. */
export type UnsavedRecords = {
  messages: MessageRecord[];
  events: EventRecord[];
  toolCalls: ToolCallRecord[];
  run: RunRecord | null;
  status: SessionStatus | null;
};

const realTimers: PersisterTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** `branchId`: where this run's messages go, the session's active branch when the run first writes. */
type Base = { order: number; usage: Usage; messageCount: number; toolCallCount: number; branchId?: string };

/** The run went on in a new branch (an argument edit at a pause): messages from `fromSlot` on are written there. */
type BranchSwitch = { fromSlot: number; branchId: string; forkMessageId: string; createdAt: number };

export function createPersister(db: ToolscopeDB, sessionId: string, opts: PersisterOptions = {}): Persister {
  const interval = opts.flushIntervalMs ?? 1000;
  const timers = opts.timers ?? realTimers;
  const state = new RunWriteBuffer(sessionId, opts.now ?? Date.now);
  let base: Base | null = null;
  const committedIds = new Set<string>();
  let committedToolCalls = 0;
  let timer: unknown = null;
  let chain: Promise<void> = Promise.resolve();
  let failure: StorageErrorInfo | null = null;
  let closed = false;
  let inFlight: Batch | null = null;
  const switches: BranchSwitch[] = [];
  /** The branch a message slot is written to: the run's branch, or the latest one it switched to before the slot. */
  const branchOfSlot = (slot: number, start: string | undefined): string | undefined => {
    let id = start;
    for (const s of switches) if (s.fromSlot <= slot) id = s.branchId;
    return id;
  };

  const cancelTimer = () => {
    if (timer !== null) timers.clear(timer);
    timer = null;
  };

  const enqueue = (): Promise<void> => {
    cancelTimer();
    chain = chain.then(write);
    return chain;
  };

  const sink = (event: Parameters<EventSink>[0]) => {
    if (closed) return;
    if (event.type === 'branch_started')
      switches.push({
        fromSlot: state.appended,
        branchId: event.branchId,
        forkMessageId: event.forkMessageId,
        createdAt: state.updatedAt,
      });
    const hint: FlushHint = state.apply(event);
    if (hint === 'now') void enqueue();
    else if (hint === 'soon' && timer === null) {
      timer = timers.set(() => {
        timer = null;
        void enqueue();
      }, interval);
    }
  };

  async function loadBase(): Promise<Base> {
    const session: SessionRecord | undefined = await db.sessions.get(sessionId);
    return {
      order: await nextOrder(db, sessionId),
      usage: session?.usage ?? zeroUsage(),
      messageCount: session?.messageCount ?? 0,
      toolCallCount: session?.toolCallCount ?? 0,
      ...(branchForWrites(session) !== undefined ? { branchId: branchForWrites(session) } : {}),
    };
  }

  async function write(): Promise<void> {
    if (!state.hasWork()) return;
    const batch = state.take();
    inFlight = batch;
    try {
      await db.transaction('rw', sessionTables(db), async () => {
        base ??= await loadBase();
        await writeBatch(batch, base);
      });
      for (const m of batch.messages) {
        if (committedIds.has(m.message.id)) continue;
        committedIds.add(m.message.id);
        if (m.message.role === 'assistant') committedToolCalls += m.message.toolCalls.length;
      }
      inFlight = null;
      if (failure) {
        failure = null;
        opts.onRecovered?.();
      }
    } catch (error) {
      inFlight = null;
      state.giveBack(batch);
      const kind = classifyStorageError(error);
      if (!failure) {
        failure = storageErrorInfo(kind, error);
        opts.onError?.(failure, { failure: kind, error });
      }
    }
  }

  async function writeBatch(batch: Batch, b: Base): Promise<void> {
    if (batch.deletes.length) await db.messages.bulkDelete(batch.deletes);
    const records = batch.messages.map((m) =>
      toMessageRecord(sessionId, b.order + m.slot, m.message, branchOfSlot(m.slot, b.branchId)),
    );
    if (batch.partial) {
      const { slot, ...partial } = batch.partial;
      records.push(toMessageRecord(sessionId, b.order + slot, partial, branchOfSlot(slot, b.branchId)));
    }
    if (records.length) await db.messages.bulkPut(records);
    await storeSwitches();
    if (batch.toolRows.length) await db.toolCalls.bulkPut(batch.toolRows);
    if (batch.run) await db.runs.put(batch.run);
    // Put, not add: the same set offered by an earlier run of the session is the same row (same content, same hash).
    if (batch.toolSets.length) await db.toolSets.bulkPut(batch.toolSets);
    if (batch.events.length) await db.events.bulkPut(batch.events);
    if (batch.session) {
      let newIds = 0;
      let newCalls = 0;
      for (const m of batch.messages) {
        if (committedIds.has(m.message.id)) continue;
        newIds++;
        if (m.message.role === 'assistant') newCalls += m.message.toolCalls.length;
      }
      await db.sessions.update(sessionId, {
        ...(state.status ? { status: state.status } : {}),
        ...(state.model ? { model: state.model } : {}),
        // Set with lastError: both describe the latest run, so both are written (an absent value deletes the field).
        ...(state.lastErrorSet ? { lastError: state.lastError, limitStop: state.limitStop } : {}),
        updatedAt: state.updatedAt,
        usage: addUsage(b.usage, state.usageDelta()),
        messageCount: b.messageCount + committedIds.size + newIds,
        toolCallCount: b.toolCallCount + committedToolCalls + newCalls,
      });
    }
  }

  /** Adds the branches the run switched to (once each, in the batch's transaction) and shows the latest. */
  async function storeSwitches(): Promise<void> {
    if (switches.length === 0) return;
    const session = await db.sessions.get(sessionId);
    if (!session) return;
    const state = branchStateOf(session);
    const known = new Set(state.branches.map((x) => x.id));
    const added = [];
    for (const s of switches) {
      if (known.has(s.branchId)) continue;
      // The new branch continues the path of the branch that owns the message it forks after.
      const fork = await db.messages.get(s.forkMessageId);
      added.push({
        id: s.branchId,
        parentId: fork?.branchId ?? ROOT_BRANCH,
        forkMessageId: s.forkMessageId,
        createdAt: s.createdAt,
      });
    }
    if (added.length === 0) return;
    await db.sessions.update(sessionId, {
      branches: [...state.branches, ...added],
      activeBranchId: added[added.length - 1]!.id,
    });
  }

  const orderOf = (slot: number) => (base ? base.order : 0) + slot;

  return Object.assign(sink, {
    flush: enqueue,
    recordToolSet(set: { hash: string; tools: ToolSetRecord['tools'] }) {
      if (!closed) state.addToolSet(set.hash, set.tools);
    },
    async close() {
      closed = true;
      await enqueue();
    },
    pending: () => [...(inFlight?.events ?? []), ...state.events],
    pendingMessages: () =>
      state.unsavedMessages().map((m) => toMessageRecord(sessionId, orderOf(m.slot), m.message, base?.branchId)),
    storageError: () => failure,
    unsavedRecords(): UnsavedRecords | null {
      const events = [...(inFlight?.events ?? []), ...state.events];
      const messages = state
        .unsavedMessages()
        .map((m) => toMessageRecord(sessionId, orderOf(m.slot), m.message, base?.branchId));
      const toolCalls = [...(inFlight?.toolRows ?? []), ...state.toolRows.values()];
      if (!events.length && !messages.length && !toolCalls.length && !state.runDirty && !inFlight?.run) return null;
      return { messages, events, toolCalls, run: state.run, status: state.status };
    },
  });
}
