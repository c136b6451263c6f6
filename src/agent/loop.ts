import { contextFailureInfo } from './context-hook';
import { internalError } from './errors';
import type { ErrorInfo } from '../domain/error-info';
import { addUsage } from '../domain/messages';
import { ToolBatchCrash } from './run-tools';
import { closeOpenCalls, appendToHistory, finishRun, openLoopState, type LoopState } from './loop-state';
import { prepareRequest, streamReply, type StreamedReply } from './loop-request';
import { decideNext } from './loop-next';
import type { RunInput, RunResult } from './run-input';

export type { AdoptedTurn, RunInput, RunResult } from './run-input';

/**
 * The agent loop: request, stream, run the tools the model asked for, repeat until it answers in
 * plain text or a limit, an error or the signal stops it. It never throws for model or tool
 * failures, and the history it returns is always valid (architecture.md, invariant 1).
 * Each turn reads top to bottom: prepare the request (loop-request.ts), stream the reply, then run the tools and
 * decide whether to go on (loop-next.ts).
 */
export async function runAgent(input: RunInput): Promise<RunResult> {
  const s = openLoopState(input);
  const { config, signal } = s;
  s.emit({ type: 'run_started', sessionId: input.sessionId, model: config.model, startedAt: s.now() });
  if (input.userMessage !== undefined) {
    appendToHistory(s, {
      id: s.newId(),
      createdAt: s.now(),
      role: 'user',
      content: input.userMessage,
      ...(input.userImages && input.userImages.length > 0 ? { images: input.userImages } : {}),
    });
  }
  const setupFailed = await prepareRun(s);
  if (setupFailed) return finishRun(s, setupFailed.stop, setupFailed.error);

  try {
    for (let turn = 1; ; turn++) {
      if (signal.aborted) return finishRun(s, 'cancelled');
      if (turn > config.maxTurns) return finishRun(s, 'max_turns');
      s.turnEdits = [];
      const streamed = turn === 1 && input.adopted ? adoptReply(s, input.adopted) : await requestReply(s, turn);
      if ('stop' in streamed) return finishRun(s, streamed.stop, streamed.error);
      const end = await decideNext(s, streamed.reply, turn, streamed.messageId);
      if (end) return finishRun(s, end.stop, end.error);
    }
  } catch (e) {
    // Only a bug in the loop or an injected dependency reaches here; report it as a run error
    // after answering any call left open, so the history stays valid.
    closeOpenCalls(s, e instanceof ToolBatchCrash ? e.settled : []);
    const cause = e instanceof ToolBatchCrash ? e.error : e;
    return finishRun(
      s,
      signal.aborted ? 'cancelled' : 'error',
      signal.aborted ? undefined : internalError('loop', 'The agent loop failed unexpectedly', cause),
    );
  }
}

/** Setup that can fail or be stopped (RunInput.prepare); what it returns replaces the run's tools, prompt and context. */
async function prepareRun(s: LoopState): Promise<{ stop: 'cancelled' | 'error'; error?: ErrorInfo } | null> {
  if (!s.input.prepare) return null;
  try {
    const p = await s.input.prepare(s.signal);
    s.tools = p.tools ?? s.tools;
    s.systemPrompt = p.systemPrompt ?? s.systemPrompt;
    s.context = p.context ?? s.context;
    return null;
  } catch (e) {
    return s.signal.aborted ? { stop: 'cancelled' } : { stop: 'error', error: preparationFailureInfo(e) };
  }
}

/** A turn's request prepared, paused at and sent: the reply, or how the run ends. */
async function requestReply(s: LoopState, turn: number) {
  const prepared = await prepareRequest(s, turn);
  return 'stop' in prepared ? prepared : streamReply(s, turn, prepared);
}

/**
 * The first turn's answer received already (RunInput.adopted). Spent during the comparison, whose answers stay out of
 * the session's totals (architecture.md, "Try on other models"): counted here, as this turn's usage, it is counted
 * exactly once.
 */
function adoptReply(s: LoopState, adopted: NonNullable<RunInput['adopted']>): StreamedReply {
  if (adopted.turn.usage) s.usage = addUsage(s.usage, adopted.turn.usage);
  return { reply: adopted.turn, messageId: adopted.messageId };
}

/** A failure while preparing: an ErrorInfo it carries (a storage or model error), else Toolscope's own start failure. */
function preparationFailureInfo(e: unknown): ErrorInfo {
  const carried = contextFailureInfo(e);
  return carried.kind === 'internal' && carried.step === 'compaction'
    ? internalError('start', 'The run could not start', e)
    : carried;
}
