import type { AccumulatedTurn, AccumulatorDelta } from '../../../agent/accumulator';
import { providerErrorFromPayload } from '../../../agent/provider-error';
import { isRecord } from '../../../domain/is-record';
import type { Usage } from '../../../domain/messages';
import type { Citation, ProviderToolCall } from '../../../domain/provider-items';
import { anthropicStop } from './anthropic-stop';
import { describeServerResult } from './server-tool-result';

/**
 * One parsed data object of an Anthropic Messages stream (`POST /v1/messages`, `stream: true`). Its `type` repeats the
 * SSE event name, which the reader drops (llm/sse-reader.ts yields data objects only). Read defensively.
 */
export type AnthropicEvent = { readonly type: string; readonly [key: string]: unknown };

/**
 * An assistant content block exactly as the stream built it, key order included, ready to be sent back unchanged:
 * `thinking {type, thinking, signature}`, `redacted_thinking {type, data}`, `text {type, text, citations?}`,
 * `tool_use {type, id, name, input}`, and server-run blocks (`server_tool_use`, `*_tool_result`, `mcp_tool_use`,
 * `compaction`, ...) and unknown ones as the wire sent them.
 */
type AnthropicContentBlock = { type: string; [key: string]: unknown };

/** The Anthropic reducer's result: the loop's common turn plus what only this format carries. */
export type AnthropicTurn = AccumulatedTurn & {
  /** The assistant content, in order, for the next request of a tool loop (signed thinking first, unchanged). */
  content: AnthropicContentBlock[];
  /** `stop_reason` as sent (`end_turn`, `pause_turn`, ...); `finishReason` is the loop's reading of it. */
  stopReason: string | null;
  /** Input tokens written to the prompt cache (`cache_creation_input_tokens`), when the provider said. */
  cacheWriteTokens?: number;
  messageId?: string;
  model?: string;
  /** Events of a type this reducer does not know, verbatim, in arrival order (the docs ask clients to tolerate them). */
  unknownEvents?: AnthropicEvent[];
};

/** An `Accumulator<AnthropicEvent>` whose result carries the Anthropic-only fields. */
type AnthropicAccumulator = { push(event: AnthropicEvent): AccumulatorDelta[]; result(): AnthropicTurn };

type Obj = Record<string, unknown>;

/** What a block is to the reducer; `other` covers server results, compaction and types it does not know. */
type Slot =
  | { kind: 'text'; block: Obj }
  | { kind: 'thinking'; block: Obj; started: boolean }
  | { kind: 'tool'; block: Obj; ordinal: number; json: string; streamed: boolean }
  | { kind: 'server'; block: Obj; json: string; streamed: boolean; tool: ProviderToolCall }
  | { kind: 'other'; block: Obj };

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Server-run tool calls: `server_tool_use` (web search, code execution, tool search, ...) and remote MCP calls. */
const isServerCall = (type: string): boolean => type === 'server_tool_use' || type === 'mcp_tool_use';
const isServerResult = (type: string): boolean => type.endsWith('_tool_result');

/**
 * The arguments to send back in `tool_use.input`, which Anthropic requires to be an object. Streamed JSON that does
 * not parse to one (fine-grained tool streaming, a cut stream) becomes `{}`: the raw text stays in `toolCalls`, where
 * the loop reports it to the model as invalid arguments, and the tool result quotes it.
 */
function inputOf(json: string, streamed: boolean, fallback: unknown): unknown {
  if (!streamed || json.trim() === '') return isRecord(fallback) ? fallback : {};
  try {
    const parsed: unknown = JSON.parse(json);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function toUsage(u: Obj): { usage: Usage; cacheWrite: number | undefined } {
  const fresh = num(u.input_tokens) ?? 0;
  const cacheWrite = num(u.cache_creation_input_tokens);
  const cacheRead = num(u.cache_read_input_tokens);
  // Anthropic's input_tokens counts only the uncached part; the loop's promptTokens is every token the model read.
  const promptTokens = fresh + (cacheWrite ?? 0) + (cacheRead ?? 0);
  const completionTokens = num(u.output_tokens) ?? 0;
  const reasoningTokens = isRecord(u.output_tokens_details) ? num(u.output_tokens_details.thinking_tokens) : undefined;
  return {
    usage: {
      promptTokens,
      completionTokens,
      totalTokens: promptTokens + completionTokens,
      estimated: false,
      ...(reasoningTokens !== undefined ? { reasoningTokens } : {}),
      ...(cacheRead !== undefined ? { cachedTokens: cacheRead } : {}),
      ...(cacheWrite !== undefined ? { cacheWriteTokens: cacheWrite } : {}),
    },
    cacheWrite,
  };
}

/**
 * The Anthropic Messages reducer: one pure fold from stream events to an assembled turn, the same contract as the
 * Chat and Responses reducers (agent/accumulator.ts). Blocks are keyed by the wire `index`; a tool call's delta
 * `index` is its ordinal among this turn's calls. `out` is null when only the result is wanted.
 */
class AnthropicReducer {
  text = '';
  reasoning = '';
  refusal: string | null = null;
  stopReason: string | null = null;
  messageId: string | undefined;
  model: string | undefined;
  private wireUsage: Obj | null = null;
  private slots: Slot[] = [];
  private byIndex = new Map<number, Slot>();
  private calls = 0;
  private citations: Citation[] = [];
  private unknown: AnthropicEvent[] = [];
  /** Server results whose call came in an earlier message. */
  private orphans: Extract<Slot, { kind: 'server' }>[] = [];

  apply(event: AnthropicEvent, out: AccumulatorDelta[] | null): void {
    switch (event.type) {
      case 'content_block_delta':
        this.delta(this.byIndex.get(num(event.index) ?? -1), event, out);
        return;
      case 'content_block_start':
        this.start(num(event.index), event.content_block, out);
        return;
      case 'content_block_stop': {
        const slot = this.byIndex.get(num(event.index) ?? -1);
        if (slot) this.finish(slot, out);
        return;
      }
      case 'message_start': {
        const message = isRecord(event.message) ? event.message : {};
        if (typeof message.id === 'string') this.messageId = message.id;
        if (typeof message.model === 'string') this.model = message.model;
        if (isRecord(message.usage)) this.mergeUsage(message.usage);
        return;
      }
      case 'message_delta': {
        const delta = isRecord(event.delta) ? event.delta : {};
        if (typeof delta.stop_reason === 'string') this.stopReason = delta.stop_reason;
        const details = isRecord(delta.stop_details) ? delta.stop_details : null;
        const explanation = details ? str(details.explanation) : '';
        if (this.stopReason === 'refusal' && explanation !== '' && this.refusal === null) {
          this.refusal = explanation;
          if (out) out.push({ kind: 'refusal', delta: explanation });
        }
        // The counts are cumulative: the last value of each field wins (input_tokens may grow here).
        if (isRecord(event.usage)) this.mergeUsage(event.usage);
        return;
      }
      // message_stop carries nothing to fold: readSSE's isFinal (isAnthropicStreamFinal below) is what reads it.
      case 'message_stop':
      case 'ping':
        return;
      case 'error':
        throw providerErrorFromPayload(event.error ?? event);
      default:
        this.unknown.push(event);
    }
  }

  private mergeUsage(u: Obj): void {
    this.wireUsage = this.wireUsage === null ? { ...u } : { ...this.wireUsage, ...u };
  }

  private start(index: number | undefined, raw: unknown, out: AccumulatorDelta[] | null): void {
    if (!isRecord(raw)) return;
    // A copy: the event belongs to the caller, and the block is filled in as deltas arrive.
    const block: Obj = { ...raw };
    const type = str(block.type);
    let slot: Slot;
    if (type === 'text') slot = { kind: 'text', block };
    else if (type === 'thinking') slot = { kind: 'thinking', block, started: false };
    else if (type === 'tool_use') {
      slot = { kind: 'tool', block, ordinal: this.calls++, json: '', streamed: false };
      if (out)
        out.push({
          kind: 'tool_call',
          index: slot.ordinal,
          id: str(block.id),
          name: str(block.name),
          argumentsDelta: '',
        });
    } else if (isServerCall(type)) {
      const server = str(block.server_name);
      const name = str(block.name) || type;
      const tool: ProviderToolCall = {
        kind: 'provider_tool',
        id: str(block.id),
        itemType: type,
        name: server !== '' ? `${server}.${name}` : name,
        status: 'in_progress',
        input: isRecord(block.input) && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : '',
        output: '',
      };
      slot = { kind: 'server', block, json: '', streamed: false, tool };
      if (out) out.push({ kind: 'provider_tool', item: { ...tool } });
    } else {
      slot = { kind: 'other', block };
      if (isServerResult(type)) this.serverResult(block, out);
    }
    this.slots.push(slot);
    this.byIndex.set(index ?? this.slots.length - 1, slot);
  }

  private delta(slot: Slot | undefined, event: AnthropicEvent, out: AccumulatorDelta[] | null): void {
    const delta = isRecord(event.delta) ? event.delta : null;
    if (!slot || !delta) {
      this.unknown.push(event);
      return;
    }
    const block = slot.block;
    switch (delta.type) {
      case 'text_delta': {
        if (slot.kind !== 'text') break;
        const text = str(delta.text);
        block.text = str(block.text) + text;
        if (text !== '') {
          this.text += text;
          if (out) out.push({ kind: 'text', delta: text });
        }
        return;
      }
      case 'thinking_delta': {
        if (slot.kind !== 'thinking') break;
        const text = str(delta.thinking);
        block.thinking = str(block.thinking) + text;
        if (text !== '') {
          // Several thinking blocks are paragraphs of one reasoning text, as the UI shows it.
          if (!slot.started && this.reasoning !== '') this.addReasoning('\n\n', out);
          slot.started = true;
          this.addReasoning(text, out);
        }
        return;
      }
      case 'signature_delta':
        if (slot.kind !== 'thinking') break;
        block.signature = str(block.signature) + str(delta.signature);
        return;
      case 'citations_delta': {
        if (slot.kind !== 'text') break;
        const citation = delta.citation;
        block.citations = Array.isArray(block.citations) ? [...(block.citations as unknown[]), citation] : [citation];
        if (
          isRecord(citation) &&
          typeof citation.url === 'string' &&
          !this.citations.some((c) => c.ref === citation.url)
        ) {
          this.citations.push({ kind: 'url', ref: citation.url, title: str(citation.title) || citation.url });
        }
        return;
      }
      case 'input_json_delta': {
        if (slot.kind !== 'tool' && slot.kind !== 'server') break;
        const part = str(delta.partial_json);
        slot.json += part;
        slot.streamed = true;
        if (slot.kind === 'tool' && part !== '' && out) {
          out.push({
            kind: 'tool_call',
            index: slot.ordinal,
            id: str(block.id),
            name: str(block.name),
            argumentsDelta: part,
          });
        }
        return;
      }
    }
    // A delta type this reducer does not know. On a block it does not own (compaction, future types) each string
    // field is appended to the block's field of that name, which is how every known delta builds its block; signed
    // and tool blocks are never touched by guesswork, so the event is kept aside instead.
    if (slot.kind === 'other') {
      for (const key of Object.keys(delta)) {
        const v = delta[key];
        if (key !== 'type' && typeof v === 'string') block[key] = str(block[key]) + v;
      }
    } else this.unknown.push(event);
  }

  private addReasoning(delta: string, out: AccumulatorDelta[] | null): void {
    this.reasoning += delta;
    if (out) out.push({ kind: 'reasoning', delta });
  }

  /** Settles a block's input once its JSON is complete (its stop) or will never be (the result of a cut stream). */
  private finish(slot: Slot, out: AccumulatorDelta[] | null): void {
    if (slot.kind !== 'tool' && slot.kind !== 'server') return;
    slot.block.input = inputOf(slot.json, slot.streamed, slot.block.input);
    if (slot.kind === 'server' && slot.streamed && slot.tool.input !== slot.json) {
      slot.tool.input = slot.json;
      if (out) out.push({ kind: 'provider_tool', item: { ...slot.tool } });
    }
  }

  private serverResult(block: Obj, out: AccumulatorDelta[] | null): void {
    const id = str(block.tool_use_id);
    const type = str(block.type);
    let call = this.slots.find((s): s is Extract<Slot, { kind: 'server' }> => s.kind === 'server' && s.tool.id === id);
    if (!call) {
      // The call was in an earlier message (after pause_turn): the result stands on its own.
      const tool: ProviderToolCall = {
        kind: 'provider_tool',
        id,
        itemType: type,
        name: type.replace(/_tool_result$/, ''),
        status: 'in_progress',
        input: '',
        output: '',
      };
      call = { kind: 'server', block: {}, json: '', streamed: false, tool };
      this.orphans.push(call);
    }
    const { output, failed } = describeServerResult(block);
    call.tool.output = output;
    call.tool.status = failed ? 'failed' : 'completed';
    if (out) out.push({ kind: 'provider_tool', item: { ...call.tool } });
  }

  result(): AnthropicTurn {
    const toolCalls: AccumulatedTurn['toolCalls'] = [];
    const items: ProviderToolCall[] = [];
    const content: AnthropicContentBlock[] = [];
    for (const slot of this.slots) {
      // A stream cut before the block's stop still yields a block that can be sent back.
      if ((slot.kind === 'tool' || slot.kind === 'server') && slot.streamed)
        slot.block.input = inputOf(slot.json, true, slot.block.input);
      content.push(copyBlock(slot.block));
      if (slot.kind === 'tool') {
        const args = slot.streamed
          ? slot.json
          : isRecord(slot.block.input) && Object.keys(slot.block.input).length > 0
            ? JSON.stringify(slot.block.input)
            : '';
        toolCalls.push({ id: str(slot.block.id), name: str(slot.block.name), arguments: args });
      } else if (slot.kind === 'server') items.push({ ...slot.tool });
    }
    for (const orphan of this.orphans) items.push({ ...orphan.tool });
    const counted = this.wireUsage ? toUsage(this.wireUsage) : null;
    const { finishReason, stopNote } = anthropicStop(this.stopReason);
    return {
      text: this.text,
      reasoning: this.reasoning,
      refusal: this.refusal,
      toolCalls,
      finishReason,
      ...(stopNote !== null ? { stopNote } : {}),
      usage: counted ? counted.usage : null,
      items,
      citations: this.citations.slice(),
      content,
      stopReason: this.stopReason,
      ...(counted && counted.cacheWrite !== undefined ? { cacheWriteTokens: counted.cacheWrite } : {}),
      ...(this.messageId !== undefined ? { messageId: this.messageId } : {}),
      ...(this.model !== undefined ? { model: this.model } : {}),
      ...(this.unknown.length > 0 ? { unknownEvents: this.unknown.slice() } : {}),
    };
  }
}

/** A deep copy the caller may keep. Strings are immutable, so only nested objects are cloned: structuredClone of
 * the whole block copied every long thinking and text string (docs/speed-and-tests.md, "Speed targets"). */
function copyBlock(block: Obj): AnthropicContentBlock {
  // A spread defines own properties, so a `__proto__` key stays data on the copy, as with structuredClone.
  const copy = { ...block } as AnthropicContentBlock;
  for (const [key, value] of Object.entries(copy))
    if (typeof value === 'object' && value !== null) copy[key] = structuredClone(value);
  return copy;
}

export function createAnthropicAccumulator(): AnthropicAccumulator {
  const reducer = new AnthropicReducer();
  return {
    push(event) {
      const out: AccumulatorDelta[] = [];
      reducer.apply(event, out);
      return out;
    },
    result: () => reducer.result(),
  };
}

/** Folds a whole stream into one turn. Throws ModelError (provider_stream_error) on an `error` event. */
export async function accumulateAnthropic(
  events: Iterable<AnthropicEvent> | AsyncIterable<AnthropicEvent>,
): Promise<AnthropicTurn> {
  const reducer = new AnthropicReducer();
  if (Symbol.asyncIterator in events) {
    for await (const e of events) reducer.apply(e, null);
  } else {
    for (const e of events) reducer.apply(e, null);
  }
  return reducer.result();
}

/** Whether the reply is complete (`message_stop`). For readSSE's `isFinal`: a body cut earlier is an error, not a short reply. */
export function isAnthropicStreamFinal(event: unknown): boolean {
  return isRecord(event) && event.type === 'message_stop';
}
