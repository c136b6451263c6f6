/**
 * One recorded request sent to several models at once (architecture.md, "Try on other models"): the same body with
 * only `model` changed, one attempt each (no retry, whatever the error), no tools run. Stop aborts every request.
 */
import type { LeftOutNote } from '../domain/left-out-note';
import type { ComparisonAnswer } from '../domain/model-comparison';
import type { Conversation, ModelClient, ModelRequest } from './model-client';
import type { WireSink } from '../domain/wire-exchange';
import { streamAttempt } from './stream-attempt';

type FanOutTarget = { model: string; baseURL?: string; client: ModelClient };

type FanOutInput = {
  request: ModelRequest;
  conversation: Conversation;
  targets: readonly FanOutTarget[];
  signal: AbortSignal;
  timeouts: { firstByteTimeoutMs: number; idleTimeoutMs: number };
  /** Each model's text so far, as it streams (`index` into targets). */
  onText?: (index: number, text: string) => void;
  /** Each model's answer as soon as it is in (stored one at a time: a reload keeps those that arrived). */
  onAnswer?: (index: number, answer: ComparisonAnswer) => void;
  clock?: () => number;
  /** Where each model's request and response go as captured (docs/wire-capture.md); absent: nothing is captured. */
  capture?: (index: number) => WireSink;
};

/** Output tokens per second from the first token to the end; null without a usable span or count. */
export function outputRate(completionTokens: number, firstTokenAt: number | null, endAt: number): number | null {
  if (firstTokenAt === null || completionTokens <= 0) return null;
  const seconds = (endAt - firstTokenAt) / 1000;
  return seconds > 0 ? completionTokens / seconds : null;
}

async function one(input: FanOutInput, index: number, target: FanOutTarget): Promise<ComparisonAnswer> {
  const clock = input.clock ?? (() => globalThis.performance.now());
  const startedAt = clock();
  let firstTokenAt: number | null = null;
  let text = '';
  // What the target's request leaves out of the step's history, as its client says (docs/wire-formats.md, "What is
  // kept verbatim"): every client says what its format cannot carry of another's replies.
  let leftOut: readonly LeftOutNote[] = [];
  const outcome = await streamAttempt({
    model: target.client,
    request: { ...input.request, model: target.model },
    signal: input.signal,
    config: input.timeouts,
    turn: 1,
    attempt: 1,
    messageId: `compare-${index}`,
    conversation: input.conversation,
    ...(input.capture ? { capture: input.capture(index) } : {}),
    onSent: (sent) => {
      leftOut = sent.leftOut;
    },
    clock,
    emit: (e) => {
      if (e.type === 'first_token' && firstTokenAt === null) firstTokenAt = clock();
      if (e.type === 'text_delta') {
        text += e.delta;
        input.onText?.(index, text);
      }
    },
  });
  const endAt = clock();
  const base = { model: target.model, ...(target.baseURL !== undefined ? { baseURL: target.baseURL } : {}) };
  const ttft = firstTokenAt === null ? null : Math.max(0, firstTokenAt - startedAt);
  const turn = outcome.kind === 'done' ? outcome.turn : outcome.partial;
  const shared = {
    ...base,
    text: turn.text,
    toolCalls: turn.toolCalls.map((c) => ({ id: c.id, name: c.name, arguments: c.arguments })),
    timeToFirstTokenMs: ttft,
    ...(leftOut.length > 0 ? { leftOut: [...leftOut] } : {}),
  };
  if (outcome.kind === 'done') {
    const usage = outcome.turn.usage;
    return {
      ...shared,
      outcome: 'done',
      finishReason: outcome.turn.finishReason,
      usage,
      outputTokensPerSecond: usage ? outputRate(usage.completionTokens, firstTokenAt, endAt) : null,
    };
  }
  if (outcome.kind === 'cancelled')
    return {
      ...shared,
      outcome: 'cancelled',
      finishReason: null,
      usage: null,
      outputTokensPerSecond: null,
      error: 'Stopped before the answer was complete.',
    };
  return {
    ...shared,
    outcome: 'failed',
    finishReason: null,
    usage: null,
    outputTokensPerSecond: null,
    error: outcome.error.info.message,
  };
}

/** Every target's answer, in target order; never throws (a failure is that model's answer). */
export function fanOut(input: FanOutInput): Promise<ComparisonAnswer[]> {
  return Promise.all(
    input.targets.map(async (t, i) => {
      const answer = await one(input, i, t);
      input.onAnswer?.(i, answer);
      return answer;
    }),
  );
}
