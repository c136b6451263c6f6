import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import type { Usage, WireParts } from '../domain/messages';
import type { Citation, ProviderItem, ProviderToolCall } from '../domain/provider-items';
import { providerErrorFromPayload } from './provider-error';

export type AccumulatedToolCall = { id: string; name: string; arguments: string };

export type AccumulatedTurn = {
  text: string;
  reasoning: string;
  refusal: string | null;
  toolCalls: AccumulatedToolCall[];
  finishReason: string | null;
  usage: Usage | null;
  /** Responses API only: reasoning, compaction and provider-run tool items, in output order. */
  items?: ProviderItem[];
  citations?: Citation[];
  responseId?: string;
  /** Anthropic and Gemini: the reply's content as the provider's format gave it, to be sent back unchanged. */
  wireParts?: WireParts;
  /**
   * Anthropic and Gemini: the provider's reason and words when the reply did not end normally, for the person; set,
   * a `finishReason` the loop does not know ends the run saying so (docs/wire-formats.md, "Stop reasons").
   */
  stopNote?: string;
};

/**
 * What one chunk added. For tool calls `index` is the call's position among the calls of this
 * turn (a stable key for the UI), not the wire `index`: some servers send every call as index 0.
 */
export type AccumulatorDelta =
  | { kind: 'text'; delta: string }
  | { kind: 'reasoning'; delta: string }
  | { kind: 'tool_call'; index: number; id: string; name: string; argumentsDelta: string }
  | { kind: 'refusal'; delta: string }
  /** Responses API only: a provider-run tool appeared or changed status (a snapshot). */
  | { kind: 'provider_tool'; item: ProviderToolCall };

export type Accumulator<Chunk = ChatCompletionChunk> = {
  /** Folds one chunk in. Throws ModelError (provider_stream_error) when the chunk carries `error`. */
  push(chunk: Chunk): AccumulatorDelta[];
  result(): AccumulatedTurn;
};

type Slot = { wireIndex: number; ordinal: number; id: string; name: string; args: string };

type WireToolCall = {
  index?: number;
  id?: string | null;
  function?: { name?: string | null; arguments?: string | null } | null;
};

type WireUsage = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number };

const KEY_IGNORE = 0;
const KEY_REASONING = 1;

// Known delta keys are never reasoning text; other keys are classified once and cached,
// so the per-chunk cost of finding vendor reasoning fields is one Map lookup per key.
const keyKinds = new Map<string, number>([
  ['role', KEY_IGNORE],
  ['content', KEY_IGNORE],
  ['refusal', KEY_IGNORE],
  ['tool_calls', KEY_IGNORE],
  ['function_call', KEY_IGNORE],
  ['reasoning_content', KEY_IGNORE],
  ['reasoning', KEY_IGNORE],
  ['reasoning_details', KEY_IGNORE],
  ['channel', KEY_IGNORE],
]);

function classifyKey(key: string): number {
  let kind = keyKinds.get(key);
  if (kind === undefined) {
    // Names like reasoning_signature or thinking_tokens carry no readable text.
    kind =
      /reason|think|thought/i.test(key) && !/signature|encrypt|detail|effort|token|_id$/i.test(key)
        ? KEY_REASONING
        : KEY_IGNORE;
    keyKinds.set(key, kind);
  }
  return kind;
}

/** OpenRouter's `reasoning_details`: `reasoning.text` entries carry `text`, summaries `summary`. */
function detailsText(details: unknown[]): string {
  let out = '';
  for (let i = 0; i < details.length; i++) {
    const d = details[i];
    if (typeof d !== 'object' || d === null) continue;
    const rec = d as { text?: unknown; summary?: unknown };
    if (typeof rec.text === 'string') out += rec.text;
    else if (typeof rec.summary === 'string') out += rec.summary;
  }
  return out;
}

function toUsage(u: WireUsage): Usage {
  const promptTokens = typeof u.prompt_tokens === 'number' ? u.prompt_tokens : 0;
  const completionTokens = typeof u.completion_tokens === 'number' ? u.completion_tokens : 0;
  const totalTokens = typeof u.total_tokens === 'number' ? u.total_tokens : promptTokens + completionTokens;
  return { promptTokens, completionTokens, totalTokens, estimated: false };
}

/**
 * The reducer. State is mutated in place and strings are concatenated (V8 ropes), so a chunk
 * costs no allocation beyond what the caller asks for: `out` is null on the `accumulate()` path.
 */
class TurnReducer {
  text = '';
  reasoning = '';
  refusal: string | null = null;
  finishReason: string | null = null;
  usage: WireUsage | null = null;
  slots: Slot[] = [];
  private byWireIndex = new Map<number, Slot>();
  private last: Slot | null = null;

  apply(chunk: ChatCompletionChunk, out: AccumulatorDelta[] | null): void {
    const choices = chunk.choices as ChatCompletionChunk['choices'] | undefined;
    if (choices !== undefined && choices !== null) {
      for (let i = 0; i < choices.length; i++) {
        const choice = choices[i];
        // n > 1 interleaves choices; only the first one is the conversation's.
        if (choice === undefined || (choice.index !== 0 && choice.index !== undefined)) continue;
        const delta = choice.delta as Record<string, unknown> | undefined | null;
        if (delta !== undefined && delta !== null) this.applyDelta(delta, out);
        if (choice.finish_reason) this.finishReason = choice.finish_reason;
      }
    }
    const usage = chunk.usage as WireUsage | null | undefined;
    if (usage) this.usage = usage;
    else if (this.usage === null) {
      // Groq has sent usage only under x_groq.
      const xg = (chunk as { x_groq?: { usage?: WireUsage } }).x_groq;
      if (xg && xg.usage) this.usage = xg.usage;
    }
    const error = (chunk as { error?: unknown }).error;
    if (error !== undefined && error !== null) throw providerErrorFromPayload(error);
  }

  private applyDelta(delta: Record<string, unknown>, out: AccumulatorDelta[] | null): void {
    const content = delta.content;
    if (typeof content === 'string' && content !== '') {
      this.text += content;
      if (out) out.push({ kind: 'text', delta: content });
    }
    let reasoning = delta.reasoning_content;
    if (typeof reasoning !== 'string' || reasoning === '') reasoning = delta.reasoning;
    if (typeof reasoning !== 'string' || reasoning === '') {
      reasoning = '';
      let hasDetails = false;
      for (const key in delta) {
        // Nearly every delta holds only these keys; comparing interned names is cheaper than the
        // Map lookup, and after a full GC (which drops the optimized code) it keeps re-warming short.
        if (
          key === 'content' ||
          key === 'tool_calls' ||
          key === 'role' ||
          key === 'reasoning_content' ||
          key === 'reasoning' ||
          key === 'refusal'
        )
          continue;
        if (key === 'reasoning_details') {
          hasDetails = true;
          continue;
        }
        if (classifyKey(key) !== KEY_REASONING) continue;
        const v = delta[key];
        if (typeof v === 'string' && v !== '') {
          reasoning = v;
          break;
        }
      }
      // reasoning_details repeats `reasoning` when both are sent; read it only as a fallback.
      if (
        reasoning === '' &&
        hasDetails &&
        Array.isArray(delta.reasoning_details) &&
        delta.reasoning_details.length > 0
      ) {
        reasoning = detailsText(delta.reasoning_details);
      }
    }
    if (reasoning !== '') {
      this.reasoning += reasoning;
      if (out) out.push({ kind: 'reasoning', delta: reasoning as string });
    }
    const refusal = delta.refusal;
    if (typeof refusal === 'string' && refusal !== '') {
      this.refusal = this.refusal === null ? refusal : this.refusal + refusal;
      if (out) out.push({ kind: 'refusal', delta: refusal });
    }
    const calls = delta.tool_calls;
    if (Array.isArray(calls)) {
      for (let i = 0; i < calls.length; i++) {
        const call = calls[i] as WireToolCall | undefined;
        if (call) this.applyToolCall(call, out);
      }
    }
  }

  private applyToolCall(call: WireToolCall, out: AccumulatorDelta[] | null): void {
    const id = typeof call.id === 'string' ? call.id : '';
    const fn = call.function;
    const name = fn && typeof fn.name === 'string' ? fn.name : '';
    const args = fn && typeof fn.arguments === 'string' ? fn.arguments : '';
    let slot: Slot | undefined;
    let wireIndex: number;
    if (typeof call.index === 'number') {
      wireIndex = call.index;
      slot = this.byWireIndex.get(wireIndex);
    } else {
      // No index: a fragment belongs to the latest call unless it names a new id.
      slot = this.last ?? undefined;
      wireIndex = slot ? slot.wireIndex : this.slots.length;
      if (slot && id !== '' && slot.id !== '' && slot.id !== id) wireIndex = this.maxWireIndex() + 1;
    }
    // A different non-empty id at a known index is a new call, never a merge.
    if (slot === undefined || (id !== '' && slot.id !== '' && slot.id !== id)) {
      slot = { wireIndex, ordinal: this.slots.length, id, name, args };
      this.slots.push(slot);
      this.byWireIndex.set(wireIndex, slot);
      this.last = slot;
      if (out) out.push({ kind: 'tool_call', index: slot.ordinal, id: slot.id, name: slot.name, argumentsDelta: args });
      return;
    }
    this.last = slot;
    let changed = false;
    if (slot.id === '' && id !== '') {
      slot.id = id;
      changed = true;
    }
    if (slot.name === '' && name !== '') {
      slot.name = name;
      changed = true;
    }
    if (args !== '') {
      slot.args += args;
      changed = true;
    }
    if (out && changed)
      out.push({ kind: 'tool_call', index: slot.ordinal, id: slot.id, name: slot.name, argumentsDelta: args });
  }

  private maxWireIndex(): number {
    let max = -1;
    for (const s of this.slots) if (s.wireIndex > max) max = s.wireIndex;
    return max;
  }

  result(): AccumulatedTurn {
    const ordered = this.slots.slice().sort((a, b) => a.wireIndex - b.wireIndex || a.ordinal - b.ordinal);
    return {
      text: this.text,
      reasoning: this.reasoning,
      refusal: this.refusal,
      toolCalls: ordered.map((s) => ({ id: s.id, name: s.name, arguments: s.args })),
      finishReason: this.finishReason,
      usage: this.usage ? toUsage(this.usage) : null,
    };
  }
}

export function createAccumulator(): Accumulator {
  const reducer = new TurnReducer();
  return {
    push(chunk) {
      const out: AccumulatorDelta[] = [];
      reducer.apply(chunk, out);
      return out;
    },
    result: () => reducer.result(),
  };
}

function isAsyncIterable<T>(x: Iterable<T> | AsyncIterable<T>): x is AsyncIterable<T> {
  return typeof (x as AsyncIterable<T>)[Symbol.asyncIterator] === 'function';
}

/** Folds a whole stream into one turn. Throws ModelError when a chunk carries a provider error. */
export async function accumulate(
  chunks: Iterable<ChatCompletionChunk> | AsyncIterable<ChatCompletionChunk>,
): Promise<AccumulatedTurn> {
  const reducer = new TurnReducer();
  if (isAsyncIterable(chunks)) {
    for await (const chunk of chunks) reducer.apply(chunk, null);
  } else {
    for (const chunk of chunks) reducer.apply(chunk, null);
  }
  return reducer.result();
}
