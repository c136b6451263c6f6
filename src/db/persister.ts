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
import type { EventSink } from '../agent/events';
import { type ToolscopeDB, sessionTables } from './database';
import { nextOrder, toMessageRecord } from './messages-repo';
import { branchForWrites } from './branches-repo';
import type { EventRecord, MessageRecord, RunRecord, ToolCallRecord } from './records';
import type { SessionRecord, SessionStatus } from '../domain/session';
import type { ToolSetRecord } from '../domain/offered-tools';
import { RunWriteBuffer, type Batch, type FlushHint } from './run-write-buffer';
import { classifyStorageError, storageErrorInfo, type StorageErrorInfo, type StorageFailure } from './storage-errors';

export type PersisterTimers = { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };

export type PersisterOptions = {
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
    const records = batch.messages.map((m) => toMessageRecord(sessionId, b.order + m.slot, m.message, b.branchId));
    if (batch.partial) {
      const { slot, ...partial } = batch.partial;
      records.push(toMessageRecord(sessionId, b.order + slot, partial, b.branchId));
    }
    if (records.length) await db.messages.bulkPut(records);
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
    pendingMessages: () => state.unsavedMessages().map((m) => toMessageRecord(sessionId, orderOf(m.slot), m.message, base?.branchId)),
    storageError: () => failure,
    unsavedRecords(): UnsavedRecords | null {
      const events = [...(inFlight?.events ?? []), ...state.events];
      const messages = state.unsavedMessages().map((m) => toMessageRecord(sessionId, orderOf(m.slot), m.message, base?.branchId));
      const toolCalls = [...(inFlight?.toolRows ?? []), ...state.toolRows.values()];
      if (!events.length && !messages.length && !toolCalls.length && !state.runDirty && !inFlight?.run) return null;
      return { messages, events, toolCalls, run: state.run, status: state.status };
    },
  });
}
