import type { AccumulatedTurn } from './accumulator';
import type { AssistantMessage, ToolCall } from '../domain/messages';
import type { MessageEdit } from '../domain/breakpoints';
import type { ErrorInfo } from '../domain/error-info';
import { runToolBatch } from './run-tools';
import { occurrences } from '../domain/call-identity';
import { NOT_RUN_EDITED, pauseBeforeCalls, type StandingAnswer } from './pause';
import {
  appendToHistory,
  appendResults,
  assistantMessage,
  hasOutput,
  refuseAll,
  toolMessage,
  type LoopState,
  type TurnEnd,
} from './loop-state';

/** Step 4 of a turn, after a reply: run the tools it asked for and go on, or store the answer and end the run. */
export async function decideNext(s: LoopState, t: AccumulatedTurn, turn: number, messageId: string): Promise<TurnEnd> {
  if (t.toolCalls.length > 0) return runTools(s, t, turn, messageId);
  if (t.finishReason === 'length') {
    appendToHistory(s, assistantMessage(s, messageId, turn, t, [], 'length'));
    return { stop: 'length' };
  }
  if (t.finishReason === 'pause_turn') {
    // The provider paused a turn its own tools were running: the reply goes back as it is and the turn goes on
    // (docs/wire-formats.md, "Stop reasons"); the turn limit bounds a provider that keeps pausing.
    appendToHistory(s, assistantMessage(s, messageId, turn, t, [], 'complete'));
    return null;
  }
  const stopped = unusualStop(t);
  if (stopped !== null) {
    const status = stopped.kind === 'context_limit' ? 'length' : 'error';
    if (hasOutput(t)) appendToHistory(s, assistantMessage(s, messageId, turn, t, [], status));
    return { stop: 'error', error: stopped };
  }
  if (t.text === '' && t.refusal === null) {
    if (t.reasoning !== '') appendToHistory(s, assistantMessage(s, messageId, turn, t, [], 'error'));
    return {
      stop: 'error',
      error: {
        fault: 'model',
        kind: 'empty_response',
        message: 'The model returned an empty reply: no text and no tool calls.',
      },
    };
  }
  appendToHistory(s, assistantMessage(s, messageId, turn, t, [], 'complete'));
  return { stop: 'complete' };
}

/** Reasons the loop handles on their own; any other the format put in words (`stopNote`) ends the run. */
const KNOWN_ENDS = new Set(['stop', 'tool_calls', 'function_call', 'length', 'pause_turn']);

/**
 * The run's error for a reply that stopped for something other than a normal end, said in the provider's terms with
 * what to do; null for a normal end, and for a reason from a format that gives no words for it (Chat Completions
 * servers send many, most of them ends).
 */
function unusualStop(t: AccumulatedTurn): ErrorInfo | null {
  const said = t.stopNote === undefined ? '' : ` ${t.stopNote}`;
  if (t.finishReason === 'content_filter')
    return {
      fault: 'model',
      kind: 'content_filter',
      message: `The provider's content filter stopped the reply.${said}`,
    };
  if (t.finishReason === 'context_window') {
    const message = `The reply was cut: the conversation filled this model's context window.${said}`;
    return { fault: 'user', kind: 'context_limit', limitTokens: 0, estimatedTokens: 0, message };
  }
  if (t.stopNote === undefined || t.finishReason === null || KNOWN_ENDS.has(t.finishReason)) return null;
  return { fault: 'system', kind: 'provider_stream_error', status: null, code: t.finishReason, message: t.stopNote };
}

/** Step 3: stores the calls, pauses before each, runs them and stores their results; null: the loop goes on. */
async function runTools(s: LoopState, t: AccumulatedTurn, turn: number, messageId: string): Promise<TurnEnd> {
  const { input, config } = s;
  const calls = normalizeCalls(t.toolCalls, s.newId);
  const cut = t.finishReason === 'length' || t.finishReason === 'context_window';
  // Its own copy of the calls: an argument edit below replaces entries of `calls`, never the stored message's.
  const asMade = assistantMessage(s, messageId, turn, t, [...calls], cut ? 'length' : 'complete');
  appendToHistory(s, asMade);
  if (cut) {
    // The last call's arguments may be cut mid-value (and could still parse): running it could do the wrong thing.
    refuseAll(
      s,
      calls,
      turn,
      `Not run: the reply was cut at the ${t.finishReason === 'length' ? 'token limit' : 'context window'}, so the arguments of this call may be incomplete.`,
    );
    const error = unusualStop(t);
    return error === null ? { stop: 'length' } : { stop: 'error', error };
  }
  if (calls.length > config.maxToolCallsPerTurn) {
    refuseAll(
      s,
      calls,
      turn,
      `Not run: the model asked for ${calls.length} tool calls in one turn and the limit is ${config.maxToolCallsPerTurn}.`,
    );
    return { stop: 'max_tool_calls' };
  }
  // Paused before each call, with the message stored (a reload finds the pause): an argument edit runs the edited
  // call, an answer by hand stands for the tool's result, a call answered before a reload is not run again.
  const before = await pauseBeforeCalls({
    gate: input.pause,
    calls,
    turn,
    tools: s.tools,
    signal: s.signal,
    emit: s.emit,
    skip: input.answered,
  });
  const paused = { answers: new Map([...(input.answered ?? []), ...before.answers]), editedArgs: before.editedArgs };
  const { answers, editedArgs } =
    before.edits.length > 0
      ? replaceEditedCalls(s, { asMade, t, turn, calls, edits: before.edits, ...paused })
      : paused;
  const batch = await runToolBatch({
    calls,
    turn,
    tools: s.tools,
    approve: input.approve,
    config,
    occurrences: occurrences(calls, s.seenCalls),
    signal: s.signal,
    emit: s.emit,
    clock: s.clock,
    ...(input.pause ? { pause: input.pause } : {}),
    answers,
    editedArgs,
    ...(input.onExchange
      ? { exchanges: { runId: input.runId, sessionId: input.sessionId, newId: s.newId, onExchange: input.onExchange } }
      : {}),
  });
  appendResults(s, batch.results, turn);
  return batch.cancelled ? { stop: 'cancelled' } : null;
}

type PausedCalls = { answers: ReadonlyMap<string, StandingAnswer>; editedArgs: ReadonlySet<string> };

/**
 * The call as the model made it stays stored where it was, answered "not run"; the edited message takes its place in
 * the run's history after the same message, and `arguments_edited` tells the run's writer so (architecture.md,
 * "Breakpoints"). The edited calls (in `calls`) get ids of their own: the call the model made keeps its id. With no
 * message before it, the edited calls run in its place.
 */
function replaceEditedCalls(
  s: LoopState,
  o: PausedCalls & {
    asMade: AssistantMessage;
    t: AccumulatedTurn;
    turn: number;
    calls: ToolCall[];
    edits: MessageEdit[];
  },
): PausedCalls {
  const at = s.history.lastIndexOf(o.asMade);
  const afterMessageId = s.history[at - 1]?.id;
  if (afterMessageId === undefined) return o;
  s.history.splice(at, 1);
  const notRun = o.asMade.toolCalls.map((c) =>
    toolMessage(s, { call: c, content: NOT_RUN_EDITED, isError: true, outcome: 'cancelled' }, o.turn),
  );
  for (const m of notRun) s.emit({ type: 'message_appended', message: m });
  s.emit({
    type: 'arguments_edited',
    turn: o.turn,
    afterMessageId,
    asMadeMessageIds: [o.asMade.id, ...notRun.map((m) => m.id)],
  });
  const renamed = (id: string) => `${id}_edited`;
  o.calls.splice(0, o.calls.length, ...o.calls.map((c) => ({ ...c, id: renamed(c.id) })));
  s.turnEdits = [
    ...s.turnEdits,
    ...o.edits.map((e) => (e.kind === 'arguments' ? { ...e, callId: renamed(e.callId) } : e)),
  ];
  appendToHistory(s, assistantMessage(s, s.newId(), o.turn, o.t, [...o.calls], 'complete'));
  return {
    answers: new Map([...o.answers].map(([id, a]) => [renamed(id), a])),
    editedArgs: new Set([...o.editedArgs].map(renamed)),
  };
}

/** Gives every call a usable, unique id: some servers send none, or repeat one. */
function normalizeCalls(
  calls: readonly { id: string; name: string; arguments: string }[],
  newId: () => string,
): ToolCall[] {
  const seen = new Set<string>();
  return calls.map((c) => {
    const id = c.id === '' || seen.has(c.id) ? `call_${newId()}` : c.id;
    seen.add(id);
    return { id, name: c.name, arguments: c.arguments };
  });
}
