import type { AccumulatedTurn } from '../../agent/accumulator';
import type { StandingAnswer } from '../../agent/pause';
import type { RunAgentInput } from './run-deps';
import type { PauseDecision, PausePoint } from '../../domain/breakpoints';
import type { AssistantMessage } from '../../domain/messages';
import type { StoredPause } from '../../db/paused-run';

/** A run picked up again at the pause a reload cut off, with the person's decision there (docs/debugging.md, "Breakpoints"). */
export type ResumeOptions = { pause: StoredPause; decision: Exclude<PauseDecision, { action: 'stop' }> };

/** The decision the person made at a stored pause, given back when the resumed run reaches the same point. */
export type PrimedPause = { point: PausePoint; decision: PauseDecision };

/**
 * What the resumed run starts from: at a request, the stored history (the request is asked for again and meets the
 * same pause); at a tool point, the stored message adopted as its first turn (no request), with the calls that had
 * finished answered from their results and, after a call, that call answered with its result as the person left it.
 */
export function resumeInput(r: ResumeOptions): {
  input: Pick<RunAgentInput, 'adopted' | 'answered'>;
  primed: PrimedPause | null;
} {
  const { pause, decision } = r;
  if (pause.point.at === 'request' || !pause.message) return { input: {}, primed: { point: pause.point, decision } };
  const answered = new Map<string, StandingAnswer>(pause.answered);
  let primed: PrimedPause | null = { point: pause.point, decision };
  if (pause.point.at === 'after_tool') {
    const result = pause.point.result;
    const edited = decision.edited !== undefined && decision.edited !== result ? decision.edited : undefined;
    answered.set(pause.point.callId, {
      content: edited ?? result,
      outcome: pause.point.isError ? 'error' : 'ok',
      isError: pause.point.isError,
      ...(edited !== undefined ? { edits: [{ kind: 'result' as const, original: result }] } : {}),
    });
    primed = null;
  }
  return { input: { adopted: { messageId: pause.message.id, turn: turnOf(pause.message) }, answered }, primed };
}

/** A stored assistant message as the turn that made it; no usage: it was counted when it was received. */
function turnOf(m: AssistantMessage): AccumulatedTurn {
  return {
    text: m.content,
    reasoning: m.reasoning,
    refusal: m.refusal,
    toolCalls: m.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })),
    finishReason: 'tool_calls',
    usage: null,
    ...(m.providerItems ? { items: m.providerItems } : {}),
    ...(m.citations ? { citations: m.citations } : {}),
    ...(m.responseId !== undefined ? { responseId: m.responseId } : {}),
  };
}
