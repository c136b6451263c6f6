import { occurrences } from '../domain/call-identity';
import type { AgentEvent } from '../domain/run-events';
import { MAX_LIVE_LOG_LINES } from '../agent/tool-progress';
import { addUsage, zeroUsage } from '../domain/messages';
import type { EventRecord, RunRecord } from '../db/records';
import type { CallModel, ModelAttempt, RunModel, RunPhase, TimelineModel, TurnModel } from './model';
import { packLanes } from './pack-lanes';
import { sessionTurn, sessionTurnOffsets } from './session-turns';

/**
 * Builds the timeline model of one session from its runs and their events.
 * `now` (wall clock) only matters for runs that are still going: their open bars reach up to it.
 */
export function buildTimeline(
  sessionId: string,
  runs: readonly RunRecord[],
  events: readonly EventRecord[],
  now: number,
): TimelineModel {
  const byRun = new Map<string, EventRecord[]>();
  for (const e of events) {
    const list = byRun.get(e.runId);
    if (list) list.push(e);
    else byRun.set(e.runId, [e]);
  }
  const ordered = [...runs].sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : 1));
  const models = ordered.map((run, index) => {
    const list = byRun.get(run.id) ?? [];
    list.sort((a, b) => a.seq - b.seq);
    // A later run in the same session proves this one is not going any more.
    const superseded = index < ordered.length - 1;
    return buildRun(run, index, list, now, superseded);
  });
  const offsets = sessionTurnOffsets(
    models.map((m) => ({ runId: m.runId, turns: m.turns.reduce((max, t) => Math.max(max, t.turn), 0) })),
  );
  for (const m of models) {
    const offset = offsets.get(m.runId) ?? 0;
    for (const t of m.turns) t.sessionTurn = sessionTurn(offset, t.turn);
  }
  return { sessionId, runs: models };
}

function buildRun(
  run: RunRecord,
  index: number,
  events: readonly EventRecord[],
  now: number,
  superseded: boolean,
): RunModel {
  const turns = new Map<number, TurnModel>();
  const calls = new Map<string, CallModel>();
  const callMessage = new Map<string, string>();
  // The arguments as the model wrote them, for calls that never reach tool_started (schema or JSON failures).
  const callArgs = new Map<string, string>();
  let model = '';
  let finished: Extract<AgentEvent, { type: 'run_finished' }> | null = null;
  // Crash recovery writes a run_finished for a run the page never finished; it is not a real stop.
  let recovered = run.interrupted === true;
  let lastT = 0;
  // The moment the next request could have been sent: run start, then each finished request or tool.
  let readyAt = 0;

  const turnOf = (n: number): TurnModel => {
    let turn = turns.get(n);
    if (!turn) {
      turn = {
        turn: n,
        sessionTurn: n,
        messageId: '',
        attempts: [],
        calls: [],
        laneCount: 0,
        compactions: [],
        usage: null,
      };
      turns.set(n, turn);
    }
    return turn;
  };
  const attemptOf = (turn: number, attempt: number): ModelAttempt | undefined =>
    turns.get(turn)?.attempts.find((a) => a.attempt === attempt);
  const callOf = (turn: number, callId: string, name: string, args: string, t: number): CallModel => {
    let call = calls.get(callId);
    if (!call) {
      call = {
        callId,
        runId: run.id,
        turn,
        messageId: callMessage.get(callId) ?? '',
        name,
        arguments: args,
        start: t,
        runStart: null,
        end: null,
        approval: null,
        outcome: 'running',
        durationMs: null,
        result: null,
        isError: false,
        validationErrors: [],
        logs: [],
        lane: 0,
      };
      calls.set(callId, call);
      turnOf(turn).calls.push(call);
    }
    return call;
  };

  for (const e of events) {
    lastT = Math.max(lastT, e.t);
    switch (e.type) {
      case 'run_started':
        model = e.model;
        readyAt = e.t;
        break;
      case 'message_appended':
        if (e.message.role === 'assistant') {
          for (const tc of e.message.toolCalls) {
            callMessage.set(tc.id, e.message.id);
            callArgs.set(tc.id, tc.arguments);
            const known = calls.get(tc.id);
            if (known && !known.messageId) known.messageId = e.message.id;
            if (known && !known.arguments) known.arguments = tc.arguments;
          }
          const turn = turns.get(e.message.turn);
          if (turn && e.message.runId === run.id) turn.messageId = e.message.id;
        }
        break;
      case 'request_started': {
        const turn = turnOf(e.turn);
        const retry = turn.attempts.length > 0;
        turn.attempts.push({
          attempt: e.attempt,
          messageId: e.messageId,
          queuedAt: retry ? null : Math.min(readyAt, e.t),
          start: e.t,
          firstTokenAt: null,
          end: null,
          outcome: 'running',
          retrying: false,
          retryInMs: null,
          error: null,
          finishReason: null,
          usage: null,
          ...(e.edited ? { edited: true as const } : {}),
        });
        if (!turn.messageId || turn.usage === null) turn.messageId = e.messageId;
        break;
      }
      case 'request_left_out': {
        const a = attemptOf(e.turn, e.attempt);
        if (a) a.leftOut = e.notes;
        break;
      }
      case 'first_token': {
        const a = attemptOf(e.turn, e.attempt);
        if (a && a.firstTokenAt === null) a.firstTokenAt = e.t;
        break;
      }
      case 'request_finished': {
        const a = attemptOf(e.turn, e.attempt);
        if (a) {
          a.end = e.t;
          a.outcome = 'ok';
          a.finishReason = e.finishReason;
          a.usage = e.usage;
          const turn = turnOf(e.turn);
          turn.usage = e.usage;
          turn.messageId = a.messageId;
        }
        readyAt = Math.max(readyAt, e.t);
        break;
      }
      case 'request_failed': {
        const a = attemptOf(e.turn, e.attempt);
        if (a) {
          a.end = e.t;
          a.outcome = e.error.kind === 'timeout' ? 'timeout' : 'error';
          a.error = e.error;
          a.retryInMs = e.retryInMs;
          a.retrying = e.retryInMs !== null;
        }
        break;
      }
      case 'tool_call_delta':
        if (e.id && !callMessage.has(e.id)) callMessage.set(e.id, e.messageId);
        break;
      case 'provider_tool_updated': {
        // Run by the provider, not the browser: its bar spans the stream's first to last word on it.
        const call = callOf(e.turn, e.item.id, e.item.name, e.item.input, e.t);
        call.runBy = 'provider';
        call.messageId = e.messageId;
        call.runStart ??= e.t;
        call.arguments = e.item.input;
        if (e.item.status === 'completed' || e.item.status === 'failed' || e.item.status === 'incomplete') {
          call.end = e.t;
          call.outcome = e.item.status === 'completed' ? 'ok' : 'error';
          call.isError = e.item.status !== 'completed';
          call.durationMs = e.item.durationMs ?? e.t - call.start;
          call.result = e.item.output;
        }
        break;
      }
      case 'approval_requested': {
        const call = callOf(e.turn, e.callId, e.name, e.arguments, e.t);
        call.approval = { start: e.t, end: null, decision: null, by: null };
        call.start = Math.min(call.start, e.t);
        break;
      }
      case 'approval_resolved': {
        const call = calls.get(e.callId);
        if (call?.approval) {
          call.approval.end = e.t;
          call.approval.decision = e.decision;
          call.approval.by = e.by ?? null;
          call.arguments = e.arguments;
        }
        break;
      }
      case 'tool_started': {
        const call = callOf(e.turn, e.callId, e.name, e.arguments, e.t);
        call.runStart = e.t;
        call.arguments = e.arguments;
        if (e.mcpServer) call.mcpServer = e.mcpServer;
        if (e.parentCallId !== undefined) call.parentCallId = e.parentCallId;
        if (e.edited) call.edited = true;
        break;
      }
      case 'tool_finished': {
        // A call can finish without starting (bad arguments, denied): it then spans its reported duration.
        const isNew = !calls.has(e.callId);
        const call = callOf(e.turn, e.callId, e.name, callArgs.get(e.callId) ?? '', e.t);
        if (isNew) call.start = Math.max(0, e.t - e.durationMs);
        call.end = e.t;
        call.outcome = e.outcome;
        call.durationMs = e.durationMs;
        call.result = e.result;
        call.isError = e.isError;
        call.validationErrors = e.validationErrors ?? [];
        if (e.edited) call.edited = true;
        // A call stopped without a log of its own keeps what it printed while running.
        call.logs = e.logs ?? call.logs;
        if (e.mcpMessages) call.mcpMessages = e.mcpMessages;
        if (e.sampling)
          call.sampling = e.sampling.map((x) => ({
            start: (call.runStart ?? call.start) + x.startMs,
            end: (call.runStart ?? call.start) + x.startMs + x.durationMs,
            model: x.model,
            usage: x.usage,
          }));
        if (call.approval && call.approval.end === null) call.approval.end = e.t;
        readyAt = Math.max(readyAt, e.t);
        break;
      }
      case 'tool_progress': {
        const call = calls.get(e.callId);
        // Progress of a call that has its result is ignored (it never comes from the loop, but a file may say so).
        if (!call || call.end !== null) break;
        if (e.logs) call.logs = [...call.logs, ...e.logs].slice(0, MAX_LIVE_LOG_LINES);
        if (e.bytesReceived !== undefined) call.bytesReceived = e.bytesReceived;
        if (e.bytesTotal !== undefined) call.bytesTotal = e.bytesTotal;
        if (e.mcpProgress !== undefined) call.mcpProgress = e.mcpProgress;
        break;
      }
      case 'summary_started':
        (turnOf(e.turn).summaries ??= []).push({
          attempt: e.attempt,
          start: e.t,
          end: null,
          outcome: 'running',
          retrying: false,
          error: null,
        });
        break;
      case 'summary_finished':
      case 'summary_failed': {
        const s = turns.get(e.turn)?.summaries?.find((x) => x.attempt === e.attempt);
        if (s) {
          s.end = e.t;
          if (e.type === 'summary_finished') s.outcome = 'ok';
          else {
            s.outcome = e.error.kind === 'timeout' ? 'timeout' : 'error';
            s.error = e.error;
            s.retrying = e.retryInMs !== null;
          }
        }
        // The turn's own request waits for its summary: that wait is not queueing.
        readyAt = Math.max(readyAt, e.t);
        break;
      }
      case 'context_compacted':
        turnOf(e.turn).compactions.push({
          t: e.t,
          turn: e.turn,
          tokensBefore: e.tokensBefore,
          tokensAfter: e.tokensAfter,
          removed: e.removedMessageIds.length,
        });
        break;
      case 'run_finished':
        finished = e;
        if (e.recovered) recovered = true;
        break;
      case 'text_delta':
      case 'reasoning_delta':
        break;
    }
  }

  const state: RunPhase = recovered
    ? 'interrupted'
    : finished
      ? 'finished'
      : run.finishedAt !== null || run.stopReason !== null || superseded
        ? 'interrupted'
        : 'live';
  const recordedEnd = run.finishedAt !== null ? run.finishedAt - run.startedAt : 0;
  const duration =
    state === 'finished' && finished
      ? Math.max(finished.t, lastT)
      : state === 'interrupted'
        ? Math.max(lastT, recovered ? 0 : recordedEnd)
        : Math.max(lastT, now - run.startedAt);

  if (state !== 'live')
    closeOpenItems(turns, calls, duration, state === 'finished' && finished?.stopReason === 'cancelled');

  const sortedTurns = [...turns.values()].sort((a, b) => a.turn - b.turn);
  markRepeats(sortedTurns);
  for (const turn of sortedTurns) {
    if (!turn.messageId) turn.messageId = turn.calls.find((c) => c.messageId)?.messageId ?? '';
    // The request that produced the turn names the assistant message its calls belong to.
    for (const c of turn.calls) if (!c.messageId) c.messageId = turn.messageId;
    turn.calls.sort((a, b) => a.start - b.start);
    const { lanes, count } = packLanes(turn.calls);
    turn.calls.forEach((c, i) => {
      c.lane = lanes[i] ?? 0;
    });
    turn.laneCount = count;
  }

  const usage = finished ? finished.usage : sumUsage(sortedTurns);
  return {
    runId: run.id,
    index,
    model,
    startedAt: run.startedAt,
    duration,
    state,
    stopReason: recovered ? null : finished ? finished.stopReason : run.stopReason,
    usage,
    error: finished?.error ?? run.error ?? null,
    turns: sortedTurns,
    ...(run.timing === 'order' ? { orderOnly: true as const } : {}),
  };
}

/**
 * Numbers the second and later calls of the same tool with the same arguments in a run (architecture.md,
 * "Repeated-call guard"), in the order the calls arrived; tools the provider ran are not the page's to count.
 */
function markRepeats(turns: readonly TurnModel[]): void {
  const own = turns.flatMap((t) => t.calls.filter((c) => c.runBy !== 'provider'));
  const n = occurrences(own);
  own.forEach((c, i) => {
    const k = n[i] ?? 1;
    if (k > 1) c.repeat = k;
  });
}

function closeOpenItems(
  turns: Map<number, TurnModel>,
  calls: Map<string, CallModel>,
  runEnd: number,
  cancelled: boolean,
): void {
  for (const turn of turns.values()) {
    for (const a of turn.attempts) {
      if (a.end !== null) continue;
      a.end = Math.max(a.start, runEnd);
      a.outcome = cancelled ? 'cancelled' : 'interrupted';
    }
  }
  for (const call of calls.values()) {
    if (call.approval && call.approval.end === null) call.approval.end = Math.max(call.approval.start, runEnd);
    if (call.end !== null) continue;
    call.end = Math.max(call.start, runEnd);
    call.outcome = 'interrupted';
  }
}

/** With the cache and reasoning counts, so a run not finished is priced as a finished one is (domain/cost.ts). */
function sumUsage(turns: readonly TurnModel[]) {
  let total = zeroUsage();
  for (const t of turns) for (const a of t.attempts) if (a.usage) total = addUsage(total, a.usage);
  return total;
}
