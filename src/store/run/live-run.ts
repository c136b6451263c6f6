import type { PausePoint } from '../../domain/breakpoints';
import type { ProviderToolCall } from '../../domain/provider-items';
import type { ErrorInfo } from '../../domain/error-info';
import type { AgentEvent } from '../../domain/run-events';
import { MAX_LIVE_LOG_LINES } from '../../agent/tool-progress';
import { statusAfterStop } from '../../domain/session';
import type { StopReason } from '../../domain/stop-reason';
import { type ChatMessage, type ToolOutcome, type Usage, addUsage, zeroUsage } from '../../domain/messages';
import type { SessionStatus } from '../../domain/session';
import type { McpProgress, McpServerRef } from '../../domain/mcp-call-trace';

export type LiveToolCallStatus = 'streaming' | 'awaiting_approval' | 'running' | ToolOutcome;

type LiveToolCall = {
  callId: string;
  name: string;
  arguments: string;
  turn: number;
  status: LiveToolCallStatus;
  /** Wall clock when the tool started running, for a live duration. */
  startedAt: number | null;
  durationMs: number | null;
  result: string | null;
  isError: boolean;
  /** What the tool printed and received while running (architecture.md, "Live tool progress"). */
  progress?: LiveToolProgress;
  /** The MCP server the tool belongs to, from tool_started (architecture.md, "MCP facts on the spine"). */
  mcpServer?: McpServerRef;
  /** Answered from a recorded result without running (a re-run with recorded results). */
  recorded?: true;
};

export type LiveToolProgress = {
  logs: { level: string; text: string; t: number }[];
  bytesReceived?: number;
  bytesTotal?: number;
  mcp?: McpProgress;
};

/** The assistant message being streamed right now (before it is appended to history). */
type StreamingTurn = {
  messageId: string;
  turn: number;
  attempt: number;
  text: string;
  reasoning: string;
  toolCalls: { index: number; id: string; name: string; arguments: string }[];
  /** Tools the provider runs during this request (Responses API), latest snapshot of each. */
  providerTools?: ProviderToolCall[];
};

type RetryNotice = { error: ErrorInfo; attempt: number; retryAtMs: number };

export type LiveRun = {
  runId: string;
  sessionId: string;
  status: SessionStatus;
  /** Wall clock at run start; event `t` is relative to it. */
  startedAt: number;
  streaming: StreamingTurn | null;
  /** Messages appended during this run, so the chat shows them before the persister's batch lands. */
  appended: ChatMessage[];
  tools: Record<string, LiveToolCall>;
  usage: Usage;
  turnUsage: Record<number, Usage>;
  /** Per turn, `t` of its first request_started, and ms from there to its latest request_finished (the chat's meta line). */
  turnStartT: Record<number, number>;
  turnMs: Record<number, number>;
  retry: RetryNotice | null;
  /** Where the run waits at a breakpoint (architecture.md, "Breakpoints"); null while it runs. */
  paused: PausePoint | null;
  error: ErrorInfo | null;
  stopReason: StopReason | null;
  lastSeq: number;
  /** False while this tab's controller still holds the run. */
  ended: boolean;
};

export function initialLiveRun(runId: string, sessionId: string, startedAt: number): LiveRun {
  return {
    runId,
    sessionId,
    status: 'generating',
    startedAt,
    streaming: null,
    appended: [],
    tools: {},
    usage: zeroUsage(),
    turnUsage: {},
    turnStartT: {},
    turnMs: {},
    retry: null,
    paused: null,
    error: null,
    stopReason: null,
    lastSeq: -1,
    ended: false,
  };
}

/**
 * The `tools` maps and `appended` lists a batch owns (reduceRunBatch): written in place, as no state in between is
 * ever shown. Everywhere else the reducer copies, so a state once returned never changes.
 */
const drafts = new WeakSet<object>();

function withTool(
  state: LiveRun,
  callId: string,
  patch: Partial<LiveToolCall> & { name?: string; turn?: number },
): LiveRun {
  const prev: LiveToolCall = state.tools[callId] ?? {
    callId,
    name: patch.name ?? '',
    arguments: '',
    turn: patch.turn ?? 0,
    status: 'streaming',
    startedAt: null,
    durationMs: null,
    result: null,
    isError: false,
  };
  if (drafts.has(state.tools)) {
    state.tools[callId] = { ...prev, ...patch };
    return state;
  }
  return { ...state, tools: { ...state.tools, [callId]: { ...prev, ...patch } } };
}

/**
 * Folds many events at once through `reduceRun`, the same reducer, without copying the run's tool map and message
 * list per event (which makes a long stream quadratic): the batch copies them once and fills its copies. Only the
 * returned state is meant to be kept. `nowOf` gives each event its wall clock.
 */
export function reduceRunBatch(
  state: LiveRun,
  events: readonly AgentEvent[],
  nowOf: (e: AgentEvent) => number,
): LiveRun {
  const tools = { ...state.tools };
  const appended = [...state.appended];
  drafts.add(tools);
  drafts.add(appended);
  let s: LiveRun = { ...state, tools, appended };
  try {
    for (const e of events) s = reduceRun(s, e, nowOf(e));
  } finally {
    drafts.delete(tools);
    drafts.delete(appended);
  }
  return s;
}

/**
 * Applies one agent event to a run's UI state. Pure, so a batch of events per animation frame
 * folds into one new state (and one React commit).
 */
export function reduceRun(state: LiveRun, event: AgentEvent, now: number): LiveRun {
  const s: LiveRun = { ...state, lastSeq: event.seq };
  switch (event.type) {
    case 'run_started':
      return { ...s, status: 'generating', startedAt: event.startedAt };
    case 'run_paused':
      return { ...s, paused: event.point };
    case 'run_resumed':
      return { ...s, paused: null };
    case 'branch_started': {
      // The call as the model made it stays on the branch left behind: the chat shows the path the run goes on.
      const left = new Set(event.leftMessageIds);
      return { ...s, appended: s.appended.filter((m) => !left.has(m.id)) };
    }
    case 'request_started':
      // A new attempt starts the turn over: what the failed attempt streamed is no longer live.
      return {
        ...s,
        status: 'generating',
        retry: null,
        ...(event.turn in s.turnStartT ? {} : { turnStartT: { ...s.turnStartT, [event.turn]: event.t } }),
        streaming: {
          messageId: event.messageId,
          turn: event.turn,
          attempt: event.attempt,
          text: '',
          reasoning: '',
          toolCalls: [],
        },
      };
    case 'first_token':
    case 'request_left_out':
      return s;
    case 'text_delta': {
      const cur = s.streaming;
      if (!cur || cur.messageId !== event.messageId) {
        return {
          ...s,
          streaming: {
            messageId: event.messageId,
            turn: event.turn,
            attempt: 1,
            text: event.delta,
            reasoning: '',
            toolCalls: [],
          },
        };
      }
      return { ...s, streaming: { ...cur, text: cur.text + event.delta } };
    }
    case 'reasoning_delta': {
      const cur = s.streaming;
      if (!cur || cur.messageId !== event.messageId) {
        return {
          ...s,
          streaming: {
            messageId: event.messageId,
            turn: event.turn,
            attempt: 1,
            text: '',
            reasoning: event.delta,
            toolCalls: [],
          },
        };
      }
      return { ...s, streaming: { ...cur, reasoning: cur.reasoning + event.delta } };
    }
    case 'tool_call_delta': {
      const cur: StreamingTurn =
        s.streaming && s.streaming.messageId === event.messageId
          ? s.streaming
          : { messageId: event.messageId, turn: event.turn, attempt: 1, text: '', reasoning: '', toolCalls: [] };
      const calls = [...cur.toolCalls];
      const i = calls.findIndex((c) => c.index === event.index && (c.id === event.id || !event.id || !c.id));
      if (i < 0) calls.push({ index: event.index, id: event.id, name: event.name, arguments: event.argumentsDelta });
      else {
        const c = calls[i]!;
        calls[i] = {
          index: c.index,
          id: c.id || event.id,
          name: c.name || event.name,
          arguments: c.arguments + event.argumentsDelta,
        };
      }
      return { ...s, streaming: { ...cur, toolCalls: calls } };
    }
    case 'provider_tool_updated': {
      const cur: StreamingTurn =
        s.streaming && s.streaming.messageId === event.messageId
          ? s.streaming
          : { messageId: event.messageId, turn: event.turn, attempt: 1, text: '', reasoning: '', toolCalls: [] };
      const list = (cur.providerTools ?? []).filter((t) => t.id !== event.item.id);
      const at = (cur.providerTools ?? []).findIndex((t) => t.id === event.item.id);
      list.splice(at < 0 ? list.length : at, 0, event.item);
      return { ...s, streaming: { ...cur, providerTools: list } };
    }
    case 'request_finished': {
      const prevTurn = s.turnUsage[event.turn];
      const start = s.turnStartT[event.turn];
      return {
        ...s,
        ...(start !== undefined ? { turnMs: { ...s.turnMs, [event.turn]: Math.max(0, event.t - start) } } : {}),
        usage: addUsage(s.usage, event.usage),
        turnUsage: { ...s.turnUsage, [event.turn]: prevTurn ? addUsage(prevTurn, event.usage) : event.usage },
      };
    }
    case 'request_failed':
      if (event.retryInMs !== null) {
        return { ...s, retry: { error: event.error, attempt: event.attempt, retryAtMs: now + event.retryInMs } };
      }
      return { ...s, retry: null, error: event.error };
    case 'message_appended': {
      const m = event.message;
      let next: LiveRun = drafts.has(s.appended) ? (s.appended.push(m), s) : { ...s, appended: [...s.appended, m] };
      if (m.role === 'assistant' && s.streaming?.messageId === m.id) next = { ...next, streaming: null };
      if (m.role === 'tool') {
        next = withTool(next, m.toolCallId, {
          name: m.name,
          status: m.outcome,
          result: m.content,
          isError: m.isError,
        });
      }
      return next;
    }
    case 'tool_started':
      return {
        ...withTool(s, event.callId, {
          name: event.name,
          turn: event.turn,
          arguments: event.arguments,
          status: 'running',
          startedAt: now,
          ...(event.mcpServer ? { mcpServer: event.mcpServer } : {}),
        }),
        status: 'running_tools',
      };
    case 'tool_finished': {
      const next = withTool(s, event.callId, {
        name: event.name,
        status: event.outcome,
        durationMs: event.durationMs,
        result: event.result,
        isError: event.isError,
        ...(event.recorded ? { recorded: true as const } : {}),
      });
      // Legacy MCP sampling the call's server asked for: its tokens are the run's too (no turn of their own).
      return event.sampling && event.sampling.length > 0
        ? { ...next, usage: event.sampling.reduce((u, x) => addUsage(u, x.usage), next.usage) }
        : next;
    }
    case 'tool_progress': {
      const prev = s.tools[event.callId];
      // Progress belongs to a running call only; a late one after the result is dropped.
      if (!prev || prev.status !== 'running') return s;
      const had = prev.progress ?? { logs: [] };
      const progress: LiveToolProgress = {
        logs: event.logs ? [...had.logs, ...event.logs].slice(0, MAX_LIVE_LOG_LINES) : had.logs,
        ...(event.bytesReceived !== undefined
          ? { bytesReceived: event.bytesReceived }
          : had.bytesReceived !== undefined
            ? { bytesReceived: had.bytesReceived }
            : {}),
        ...(event.bytesTotal !== undefined
          ? { bytesTotal: event.bytesTotal }
          : had.bytesTotal !== undefined
            ? { bytesTotal: had.bytesTotal }
            : {}),
        ...(event.mcpProgress !== undefined
          ? { mcp: event.mcpProgress }
          : had.mcp !== undefined
            ? { mcp: had.mcp }
            : {}),
      };
      return withTool(s, event.callId, { progress });
    }
    case 'approval_requested':
      return {
        ...withTool(s, event.callId, {
          name: event.name,
          turn: event.turn,
          arguments: event.arguments,
          status: 'awaiting_approval',
        }),
        status: 'awaiting_approval',
      };
    case 'approval_resolved':
      return {
        ...withTool(s, event.callId, {
          arguments: event.arguments,
          status: event.decision === 'denied' ? 'denied' : 'running',
        }),
        status: 'running_tools',
      };
    case 'context_compacted':
      return s;
    case 'summary_started':
    case 'summary_finished':
      return { ...s, retry: null };
    case 'summary_failed':
      // A summary being retried shows the same countdown as a chat request; a final failure arrives as run_finished's error.
      return event.retryInMs !== null
        ? { ...s, retry: { error: event.error, attempt: event.attempt, retryAtMs: now + event.retryInMs } }
        : { ...s, retry: null };
    case 'run_finished':
      return {
        ...s,
        status: statusAfterStop(event.stopReason),
        stopReason: event.stopReason,
        streaming: null,
        retry: null,
        paused: null,
        error: event.error ?? s.error,
        usage: event.usage,
      };
  }
}
