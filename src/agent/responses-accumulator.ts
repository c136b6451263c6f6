import type { Usage } from '../domain/messages';
import type { Citation, ProviderItem, ProviderToolCall, ReasoningItem } from '../domain/provider-items';
import type { AccumulatedTurn, Accumulator, AccumulatorDelta } from './accumulator';
import { providerErrorFromPayload } from './provider-error';
import { isRecord } from '../domain/is-record';

/** One parsed event of a Responses API stream (`POST /responses`, `stream: true`). Read defensively. */
export type ResponsesEvent = { readonly type: string; readonly [key: string]: unknown };

type Obj = Record<string, unknown>;

/**
 * Output items are keyed by `output_index`, never by id: one provider sends a different id on every
 * event of the same item, while the index is stable everywhere.
 */
type Slot =
  | { kind: 'message'; started: boolean }
  | { kind: 'reasoning'; item: ReasoningItem; parts: string[] }
  | { kind: 'compaction'; id: string; encrypted: string }
  | { kind: 'call'; ordinal: number; id: string; name: string; args: string }
  | { kind: 'tool'; item: ProviderToolCall }
  | { kind: 'other' };

const PROVIDER_TOOL_TYPES: Record<string, string> = {
  web_search_call: 'web_search',
  code_interpreter_call: 'code_interpreter',
  file_search_call: 'file_search',
  mcp_call: 'mcp',
  mcp_list_tools: 'mcp_list_tools',
  image_generation_call: 'image_generation',
  computer_call: 'computer',
  local_shell_call: 'local_shell',
};

// Progress events (`response.web_search_call.searching`, ...) carry only ids; their last word is the status.
const PROGRESS =
  /^response\.(web_search_call|code_interpreter_call|file_search_call|mcp_call|mcp_list_tools|image_generation_call)\.(\w+)$/;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Obj | null => (isRecord(v) ? v : null);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function toUsage(u: Obj): Usage {
  const promptTokens = num(u.input_tokens) ?? 0;
  const completionTokens = num(u.output_tokens) ?? 0;
  const reasoningTokens = num(obj(u.output_tokens_details)?.reasoning_tokens);
  const cachedTokens = num(obj(u.input_tokens_details)?.cached_tokens);
  return {
    promptTokens,
    completionTokens,
    totalTokens: num(u.total_tokens) ?? promptTokens + completionTokens,
    estimated: false,
    ...(reasoningTokens !== undefined ? { reasoningTokens } : {}),
    ...(cachedTokens !== undefined ? { cachedTokens } : {}),
  };
}

/** What a finished provider tool item says it did, as text for the card's Arguments and Result. */
function describeTool(item: Obj, tool: ProviderToolCall): void {
  switch (str(item.type)) {
    case 'web_search_call': {
      const action = obj(item.action);
      if (action) {
        tool.input = str(action.query) || str(action.url) || str(action.pattern) || tool.input;
        const sources = Array.isArray(action.sources) ? action.sources : [];
        const urls = sources.map((s) => str(obj(s)?.url)).filter((u) => u !== '');
        if (urls.length > 0) tool.output = urls.join('\n');
      }
      break;
    }
    case 'code_interpreter_call': {
      if (typeof item.code === 'string') tool.input = item.code;
      const outputs = Array.isArray(item.outputs) ? item.outputs : [];
      const texts = outputs.map((o) => str(obj(o)?.logs) || str(obj(o)?.url)).filter((t) => t !== '');
      if (texts.length > 0) tool.output = texts.join('\n');
      break;
    }
    case 'file_search_call': {
      const queries = Array.isArray(item.queries) ? item.queries.map(str).filter((q) => q !== '') : [];
      if (queries.length > 0) tool.input = queries.join('\n');
      const results = Array.isArray(item.results) ? item.results : [];
      const lines = results.map((r) => {
        const o = obj(r);
        return o ? `${str(o.filename) || str(o.file_id)}: ${str(o.text)}` : '';
      });
      if (lines.length > 0) tool.output = lines.join('\n\n');
      break;
    }
    case 'mcp_call': {
      if (typeof item.arguments === 'string') tool.input = item.arguments;
      const server = str(item.server_label);
      const name = str(item.name);
      if (name !== '') tool.name = server !== '' ? `${server}.${name}` : name;
      tool.output = str(item.output) || str(obj(item.error)?.message) || str(item.error) || tool.output;
      break;
    }
    case 'mcp_list_tools': {
      const server = str(item.server_label);
      if (server !== '') tool.name = `${server}.list_tools`;
      const tools = Array.isArray(item.tools) ? item.tools : [];
      tool.output = tools
        .map((t) => str(obj(t)?.name))
        .filter((n) => n !== '')
        .join('\n');
      break;
    }
    case 'image_generation_call':
      tool.output = str(item.revised_prompt) || tool.output;
      break;
  }
}

function citationOf(a: Obj): Citation | null {
  switch (str(a.type)) {
    case 'url_citation':
      return { kind: 'url', ref: str(a.url), title: str(a.title) || str(a.url) };
    case 'file_citation':
      return { kind: 'file', ref: str(a.file_id), title: str(a.filename) || str(a.file_id) };
    case 'container_file_citation':
      return { kind: 'container_file', ref: str(a.file_id), title: str(a.filename) || str(a.file_id) };
    default:
      return null;
  }
}

/**
 * The Responses reducer: one pure fold from stream events to an assembled turn, the same contract as
 * the Chat Completions reducer (accumulator.ts). State is mutated in place; `out` is null when only
 * the result is wanted.
 */
class ResponsesReducer {
  text = '';
  reasoning = '';
  refusal: string | null = null;
  finishReason: string | null = null;
  usage: Usage | null = null;
  responseId: string | undefined;
  citations: Citation[] = [];
  private slots = new Map<number, Slot>();
  private order: number[] = [];
  private calls = 0;
  private messages = 0;

  apply(event: ResponsesEvent, out: AccumulatorDelta[] | null): void {
    const type = event.type;
    switch (type) {
      case 'response.output_text.delta': {
        const delta = str(event.delta);
        if (delta === '') return;
        const slot = this.slots.get(num(event.output_index) ?? -1);
        // A second message of the turn (commentary, then the final answer) starts on its own paragraph.
        if (slot && slot.kind === 'message' && !slot.started) {
          slot.started = true;
          if (this.messages++ > 0 && this.text !== '') this.addText('\n\n', out);
        }
        this.addText(delta, out);
        return;
      }
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta': {
        const delta = str(event.delta);
        if (delta === '') return;
        const slot = this.slots.get(num(event.output_index) ?? -1);
        if (slot && slot.kind === 'reasoning') {
          const i = num(event.summary_index) ?? num(event.content_index) ?? 0;
          const isNewPart = slot.parts[i] === undefined;
          slot.parts[i] = (slot.parts[i] ?? '') + delta;
          // Parts and items are paragraphs of one reasoning text, as the UI shows it.
          if (isNewPart && this.reasoning !== '') this.addReasoning('\n\n', out);
        }
        this.addReasoning(delta, out);
        return;
      }
      case 'response.function_call_arguments.delta':
      case 'response.custom_tool_call_input.delta': {
        const slot = this.slots.get(num(event.output_index) ?? -1);
        const delta = str(event.delta);
        if (!slot || slot.kind !== 'call' || delta === '') return;
        slot.args += delta;
        if (out)
          out.push({ kind: 'tool_call', index: slot.ordinal, id: slot.id, name: slot.name, argumentsDelta: delta });
        return;
      }
      case 'response.code_interpreter_call_code.delta':
      case 'response.mcp_call_arguments.delta': {
        const slot = this.slots.get(num(event.output_index) ?? -1);
        if (slot && slot.kind === 'tool') slot.item.input += str(event.delta);
        return;
      }
      case 'response.refusal.delta': {
        const delta = str(event.delta);
        if (delta === '') return;
        this.refusal = (this.refusal ?? '') + delta;
        if (out) out.push({ kind: 'refusal', delta });
        return;
      }
      case 'response.output_text.annotation.added': {
        const a = obj(event.annotation);
        const c = a ? citationOf(a) : null;
        if (c && !this.citations.some((x) => x.kind === c.kind && x.ref === c.ref)) this.citations.push(c);
        return;
      }
      case 'response.output_item.added':
        this.itemAdded(num(event.output_index), obj(event.item), out);
        return;
      case 'response.output_item.done':
        this.itemDone(num(event.output_index), obj(event.item), out);
        return;
      case 'response.created':
      case 'response.in_progress':
      case 'response.completed':
      case 'response.incomplete':
        this.responseEvent(type, obj(event.response));
        return;
      case 'response.failed': {
        const response = obj(event.response);
        this.responseEvent(type, response);
        throw providerErrorFromPayload(
          response?.error ?? { message: 'The provider reported that the response failed.' },
        );
      }
      case 'error':
        // The event nests {type, code, message} under `error`; older documentation shows them flat.
        throw providerErrorFromPayload(event.error ?? event);
      default: {
        const m = PROGRESS.exec(type);
        if (m) this.progress(num(event.output_index), m[2] ?? '', out);
      }
    }
  }

  private addText(delta: string, out: AccumulatorDelta[] | null): void {
    this.text += delta;
    if (out) out.push({ kind: 'text', delta });
  }

  private addReasoning(delta: string, out: AccumulatorDelta[] | null): void {
    this.reasoning += delta;
    if (out) out.push({ kind: 'reasoning', delta });
  }

  private responseEvent(type: string, response: Obj | null): void {
    if (!response) return;
    const id = str(response.id);
    if (id !== '') this.responseId = id;
    const usage = obj(response.usage);
    if (usage) this.usage = toUsage(usage);
    if (type === 'response.completed') this.finishReason = this.calls > 0 ? 'tool_calls' : 'stop';
    else if (type === 'response.incomplete') {
      const reason = str(obj(response.incomplete_details)?.reason);
      this.finishReason =
        reason === 'content_filter' ? 'content_filter' : reason === 'max_output_tokens' ? 'length' : reason || 'length';
    }
  }

  private slotAt(index: number | undefined): number {
    // A stream without output_index (hand-written ones) keys items by arrival.
    return index ?? this.order.length;
  }

  private itemAdded(index: number | undefined, item: Obj | null, out: AccumulatorDelta[] | null): void {
    if (!item) return;
    const at = this.slotAt(index);
    if (this.slots.has(at)) return;
    const type = str(item.type);
    const id = str(item.id) || `item_${at}`;
    let slot: Slot;
    if (type === 'message') slot = { kind: 'message', started: false };
    else if (type === 'reasoning')
      slot = { kind: 'reasoning', item: { kind: 'reasoning', id, summary: [], encryptedContent: null }, parts: [] };
    else if (type === 'compaction') slot = { kind: 'compaction', id, encrypted: str(item.encrypted_content) };
    else if (type === 'function_call' || type === 'custom_tool_call') {
      slot = {
        kind: 'call',
        ordinal: this.calls++,
        id: str(item.call_id),
        name: str(item.name),
        args: str(item.arguments) || str(item.input),
      };
      if (out)
        out.push({ kind: 'tool_call', index: slot.ordinal, id: slot.id, name: slot.name, argumentsDelta: slot.args });
    } else if (PROVIDER_TOOL_TYPES[type] !== undefined) {
      const tool: ProviderToolCall = {
        kind: 'provider_tool',
        id,
        itemType: type,
        name: PROVIDER_TOOL_TYPES[type] ?? type,
        status: str(item.status) || 'in_progress',
        input: '',
        output: '',
      };
      describeTool(item, tool);
      slot = { kind: 'tool', item: tool };
      if (out) out.push({ kind: 'provider_tool', item: { ...tool } });
    } else slot = { kind: 'other' };
    this.slots.set(at, slot);
    this.order.push(at);
  }

  private itemDone(index: number | undefined, item: Obj | null, out: AccumulatorDelta[] | null): void {
    if (!item) return;
    let at = index;
    if (at === undefined || !this.slots.has(at)) {
      // Done without added (trimmed recordings): take it as both.
      this.itemAdded(index, item, out);
      at = this.order[this.order.length - 1];
    }
    const slot = at === undefined ? undefined : this.slots.get(at);
    if (!slot) return;
    switch (slot.kind) {
      case 'reasoning': {
        const summary = Array.isArray(item.summary) ? item.summary.map((p) => str(obj(p)?.text)) : [];
        slot.item.summary = summary.some((s) => s !== '') ? summary : slot.parts.filter((p) => p !== undefined);
        // The blob on `done` supersedes the one on `added`.
        slot.item.encryptedContent =
          typeof item.encrypted_content === 'string' ? item.encrypted_content : slot.item.encryptedContent;
        return;
      }
      case 'compaction':
        if (typeof item.encrypted_content === 'string') slot.encrypted = item.encrypted_content;
        return;
      case 'call': {
        if (slot.id === '') slot.id = str(item.call_id);
        if (slot.name === '') slot.name = str(item.name);
        // The final arguments are authoritative; deltas can be missing from a trimmed or relayed stream.
        const final =
          typeof item.arguments === 'string' ? item.arguments : typeof item.input === 'string' ? item.input : null;
        if (final !== null && final !== slot.args) {
          const rest = final.startsWith(slot.args) ? final.slice(slot.args.length) : null;
          if (rest !== null && out)
            out.push({ kind: 'tool_call', index: slot.ordinal, id: slot.id, name: slot.name, argumentsDelta: rest });
          slot.args = final;
        }
        return;
      }
      case 'tool':
        slot.item.status = str(item.status) || 'completed';
        describeTool(item, slot.item);
        if (out) out.push({ kind: 'provider_tool', item: { ...slot.item } });
        return;
      default:
        return;
    }
  }

  private progress(index: number | undefined, status: string, out: AccumulatorDelta[] | null): void {
    const slot = index === undefined ? undefined : this.slots.get(index);
    if (!slot || slot.kind !== 'tool' || slot.item.status === status) return;
    slot.item.status = status;
    if (out) out.push({ kind: 'provider_tool', item: { ...slot.item } });
  }

  result(): AccumulatedTurn {
    const items: ProviderItem[] = [];
    const toolCalls: AccumulatedTurn['toolCalls'] = [];
    for (const at of [...this.order].sort((a, b) => a - b)) {
      const slot = this.slots.get(at);
      if (!slot) continue;
      if (slot.kind === 'reasoning') {
        const summary = slot.item.summary.length > 0 ? slot.item.summary : slot.parts.filter((p) => p !== undefined);
        items.push({ ...slot.item, summary });
      } else if (slot.kind === 'compaction')
        items.push({ kind: 'compaction', id: slot.id, encryptedContent: slot.encrypted });
      else if (slot.kind === 'tool') items.push({ ...slot.item });
      else if (slot.kind === 'call') toolCalls.push({ id: slot.id, name: slot.name, arguments: slot.args });
    }
    return {
      text: this.text,
      reasoning: this.reasoning,
      refusal: this.refusal,
      toolCalls,
      finishReason: this.finishReason,
      usage: this.usage,
      items,
      citations: this.citations.slice(),
      ...(this.responseId !== undefined ? { responseId: this.responseId } : {}),
    };
  }
}

export function createResponsesAccumulator(): Accumulator<ResponsesEvent> {
  const reducer = new ResponsesReducer();
  return {
    push(event) {
      const out: AccumulatorDelta[] = [];
      reducer.apply(event, out);
      return out;
    },
    result: () => reducer.result(),
  };
}

/** Folds a whole Responses stream into one turn. Throws ModelError on an `error` or `response.failed` event. */
export async function accumulateResponses(
  events: Iterable<ResponsesEvent> | AsyncIterable<ResponsesEvent>,
): Promise<AccumulatedTurn> {
  const reducer = new ResponsesReducer();
  if (Symbol.asyncIterator in events) {
    for await (const e of events) reducer.apply(e, null);
  } else {
    for (const e of events) reducer.apply(e, null);
  }
  return reducer.result();
}

/** The events after which nothing more of the response comes. */
export function isTerminalResponsesEvent(event: unknown): boolean {
  const type = (event as { type?: unknown }).type;
  return (
    type === 'response.completed' || type === 'response.incomplete' || type === 'response.failed' || type === 'error'
  );
}
