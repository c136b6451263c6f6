import { createEmitter } from '../agent/emitter';
import type { AgentEvent, EventSink } from '../domain/run-events';
import { abortableSleep } from '../agent/retry';
import { summaryRequester } from '../agent/summary-request';
import { DEFAULT_CONFIG } from '../domain/loop-config';
import type { ChatMessage } from '../domain/messages';
import type { ModelClient } from '../agent/model-client';
import type { AcquireResult } from '../db/run-lock';
import type { SessionRecord } from '../domain/session';
import { contextFailureInfo } from '../agent/context-hook';
import { createContextManager } from './context-manager';
import { contextLimitFor } from './model-limits';
import { calibrationOf, type ReportedPrompt } from './reported-prompt';
import type { TokenCounter } from './tokens/token-count';
import { tokenCounterFor } from './tokens/token-counter';
import type { ToolSpec } from '../agent/tool-executor';

export type ManualCompactionDeps = {
  getSession(sessionId: string): Promise<SessionRecord | undefined>;
  loadHistory(sessionId: string): Promise<ChatMessage[]>;
  /** The endpoint Settings point at, through the endpoint door: whether it is ready (a key, or none needed) and its client. */
  openEndpoint(session: SessionRecord): Promise<{ ready: boolean; client: ModelClient }>;
  /** The system prompt and tools the next request will carry, and the newest reported prompt size, for the figures. */
  requestParts(
    session: SessionRecord,
  ): Promise<{ systemText: string; tools: ToolSpec[]; lastReported: ReportedPrompt | null }>;
  counterFor?(model: string): TokenCounter;
  /** Writes the events like a run's (so the summary is stored and the timeline shows the compaction). */
  createPersister(sessionId: string): { emit: EventSink; flush(): Promise<void> };
  acquireRunLock(sessionId: string): Promise<AcquireResult>;
  newId(): string;
  now(): number;
  clock?(): number;
  /** The retry wait and its jitter (tests script them). */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  random?(): number;
};

export type ManualCompactionResult =
  | { ok: true; summarized: number; tokensBefore: number; tokensAfter: number }
  | {
      ok: false;
      reason: 'no_session' | 'no_key' | 'locked' | 'nothing' | 'no_gain' | 'cancelled' | 'failed';
      message: string;
    };

/**
 * "Compact now": summarise all but the last exchange through the session's own endpoint and model,
 * recorded as a short run of its own (run_started, the summary message, context_compacted, run_finished)
 * so storage, chat and timeline treat it exactly like an automatic compaction.
 */
export async function compactSessionNow(
  sessionId: string,
  deps: ManualCompactionDeps,
  signal: AbortSignal,
): Promise<ManualCompactionResult> {
  const session = await deps.getSession(sessionId);
  if (!session) return { ok: false, reason: 'no_session', message: 'The session no longer exists.' };
  const endpoint = await deps.openEndpoint(session);
  if (!endpoint.ready)
    return {
      ok: false,
      reason: 'no_key',
      message: 'Add your API key in the settings first: the model writes the summary.',
    };
  const lock = await deps.acquireRunLock(sessionId);
  if (!lock.ok)
    return {
      ok: false,
      reason: 'locked',
      message: 'A run is in progress in this session; compact when it has finished.',
    };
  try {
    const [history, parts] = await Promise.all([deps.loadHistory(sessionId), deps.requestParts(session)]);
    // Counted like the run counts (same tokenizer, same correction), so "before → after" match the meter.
    const modelClient = endpoint.client;
    const manager = createContextManager({
      model: modelClient,
      modelName: session.model,
      limitTokens: contextLimitFor(session.model, session.settings.contextLimit).tokens,
      counter: (deps.counterFor ?? tokenCounterFor)(session.model),
      initialCalibration: calibrationOf(parts.lastReported),
      newId: deps.newId,
      now: deps.now,
    });
    // The summary goes through the automatic compaction's policy (agent/summary-request.ts): the session's retries,
    // first-byte and idle timeouts, and its summary_* events. The events wait in memory and are stored with the
    // compaction's run only when it succeeds, so a failed or refused summary leaves storage as it was.
    const runId = deps.newId();
    const held: AgentEvent[] = [];
    let sink: EventSink = (e) => held.push(e);
    const { emit } = createEmitter(runId, (e) => sink(e), deps.clock ?? (() => globalThis.performance.now()));
    emit({ type: 'run_started', sessionId, model: session.model, startedAt: deps.now() });
    const send = summaryRequester({
      model: modelClient,
      config: summaryPolicy(session),
      emit,
      turn: 0,
      sleep: deps.sleep ?? abortableSleep,
      random: deps.random ?? Math.random,
      newId: deps.newId,
      ...(deps.clock ? { clock: deps.clock } : {}),
    });
    let compaction;
    try {
      compaction = await manager.compactNow(history, parts.systemText, parts.tools, signal, send);
    } catch (e) {
      if (signal.aborted) return { ok: false, reason: 'cancelled', message: 'Compaction was cancelled.' };
      // The requester's message already says nothing was removed; other failures (a bad model client) say so here.
      return { ok: false, reason: 'failed', message: contextFailureInfo(e).message };
    }
    if (!compaction)
      return { ok: false, reason: 'nothing', message: 'There is nothing older than the last exchange to summarise.' };
    // A short conversation can summarise into more text than it had; storing that would make every later request bigger.
    if (compaction.tokensAfter >= compaction.tokensBefore) {
      const fmt = (t: number) => t.toLocaleString('en-US');
      return {
        ok: false,
        reason: 'no_gain',
        message:
          `Nothing was changed: the summary would not be smaller (about ${fmt(compaction.tokensBefore)} ` +
          `→ ${fmt(compaction.tokensAfter)} tokens). Compact when the conversation is longer.`,
      };
    }

    const persister = deps.createPersister(sessionId);
    for (const e of held) persister.emit(e);
    sink = persister.emit;
    emit({ type: 'message_appended', message: compaction.summary });
    emit({
      type: 'context_compacted',
      turn: 0,
      removedMessageIds: compaction.removedMessageIds,
      summaryMessageId: compaction.summary.id,
      tokensBefore: compaction.tokensBefore,
      tokensAfter: compaction.tokensAfter,
    });
    emit({ type: 'run_finished', stopReason: 'complete', usage: compaction.usage });
    await persister.flush();
    return {
      ok: true,
      summarized: compaction.removedMessageIds.length,
      tokensBefore: compaction.tokensBefore,
      tokensAfter: compaction.tokensAfter,
    };
  } finally {
    lock.lock.release();
  }
}

/** The session's request policy for the summary, each knob falling back to the default like a run's. */
function summaryPolicy(session: SessionRecord) {
  const s = session.settings;
  return {
    firstByteTimeoutMs: s.firstByteTimeoutMs ?? DEFAULT_CONFIG.firstByteTimeoutMs,
    idleTimeoutMs: s.idleTimeoutMs ?? DEFAULT_CONFIG.idleTimeoutMs,
    maxRetries: s.maxRetries ?? DEFAULT_CONFIG.maxRetries,
    retryBaseDelayMs: s.retryBaseDelayMs ?? DEFAULT_CONFIG.retryBaseDelayMs,
    retryMaxDelayMs: s.retryMaxDelayMs ?? DEFAULT_CONFIG.retryMaxDelayMs,
  };
}
