import type { Attrs } from './otlp-span-kinds';
import { GEN_AI } from './otlp-names';
import type { SpanLogEvent } from './otlp-logs';
import { isRecord } from '../../domain/is-record';

/**
 * A model request rebuilt from what a trace recorded of it (architecture.md, "Trace inbox"), by the convention that
 * recorded it: the Vercel AI SDK (`ai.prompt.messages`, `ai.prompt.tools`, `ai.settings.*`), OpenInference
 * (`llm.input_messages.*`, `llm.tools.*`, `llm.invocation_parameters`) or the GenAI conventions (`gen_ai.input.messages`,
 * `gen_ai.system_instructions`, `gen_ai.tool.definitions`, on the span or an event). Null when the span holds no messages.
 */
type TracedToolCall = { id: string; name: string; arguments: string };

export type TracedMessage =
  | { role: 'system'; text: string }
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: TracedToolCall[] }
  | { role: 'tool'; callId: string; name: string; text: string };

export type TracedTool = { name: string; description: string; parameters: Record<string, unknown> };

/** `gen-ai-events`: the GenAI events in log records (OpenTelemetry's OpenAI instrumentation), which record no tools. */
type TracedConvention = 'ai-sdk' | 'openinference' | 'gen-ai' | 'gen-ai-events';

export type TracedRequest = {
  convention: TracedConvention;
  messages: TracedMessage[];
  /** Null: the span did not record the tools offered. */
  tools: TracedTool[] | null;
  parameters: { temperature?: number; topP?: number; maxTokens?: number };
  /** The reply, when recorded: its text and tool calls. */
  output: Extract<TracedMessage, { role: 'assistant' }> | null;
};

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v)
    ? v
    : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
const json = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
};
/** Arguments as the wire carries them: a JSON string (an object is serialised as the SDK serialises it). */
const argsText = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '{}' : JSON.stringify(v));

function params(p: TracedRequest['parameters']): TracedRequest['parameters'] {
  const out: TracedRequest['parameters'] = {};
  if (p.temperature !== undefined) out.temperature = p.temperature;
  if (p.topP !== undefined) out.topP = p.topP;
  if (p.maxTokens !== undefined) out.maxTokens = p.maxTokens;
  return out;
}

// ---- The Vercel AI SDK (v4 to v6, and v7's legacy telemetry) ----

/** A tool result's output as the provider sends it: text as it is, anything else as JSON. */
function aiToolOutput(part: Record<string, unknown>): string {
  const out = part.output ?? part.result;
  if (isRecord(out) && typeof out.type === 'string' && 'value' in out)
    return typeof out.value === 'string' ? out.value : JSON.stringify(out.value);
  return typeof out === 'string' ? out : JSON.stringify(out ?? '');
}

function aiMessages(list: unknown[]): TracedMessage[] {
  const out: TracedMessage[] = [];
  for (const m of list) {
    if (!isRecord(m)) continue;
    const parts = Array.isArray(m.content) ? m.content.filter(isRecord) : [{ type: 'text', text: str(m.content) }];
    const text = parts
      .filter((p) => p.type === 'text')
      .map((p) => str(p.text))
      .join('');
    if (m.role === 'system') out.push({ role: 'system', text: typeof m.content === 'string' ? m.content : text });
    else if (m.role === 'user') out.push({ role: 'user', text });
    else if (m.role === 'assistant') {
      const toolCalls = parts
        .filter((p) => p.type === 'tool-call')
        .map((p) => ({ id: str(p.toolCallId), name: str(p.toolName), arguments: argsText(p.input ?? p.args) }));
      out.push({ role: 'assistant', text, toolCalls });
    } else if (m.role === 'tool') {
      for (const p of parts)
        if (p.type === 'tool-result')
          out.push({ role: 'tool', callId: str(p.toolCallId), name: str(p.toolName), text: aiToolOutput(p) });
    }
  }
  return out;
}

function aiRequest(a: Attrs): TracedRequest | null {
  const parsed = json(a['ai.prompt.messages']);
  if (!Array.isArray(parsed)) return null;
  const rawTools = a['ai.prompt.tools'];
  const tools = Array.isArray(rawTools)
    ? rawTools
        .map(json)
        .filter(isRecord)
        .map((t) => ({
          name: str(t.name),
          description: str(t.description),
          parameters: (isRecord(t.inputSchema) ? t.inputSchema : isRecord(t.parameters) ? t.parameters : {}) as Record<
            string,
            unknown
          >,
        }))
    : null;
  const calls = json(a['ai.response.toolCalls']);
  const toolCalls = Array.isArray(calls)
    ? calls
        .filter(isRecord)
        .map((c) => ({ id: str(c.toolCallId), name: str(c.toolName), arguments: argsText(c.input ?? c.args) }))
    : [];
  const text = str(a['ai.response.text']);
  return {
    convention: 'ai-sdk',
    messages: aiMessages(parsed),
    tools,
    parameters: params({
      temperature: num(a['ai.settings.temperature']),
      topP: num(a['ai.settings.topP']),
      maxTokens: num(a['ai.settings.maxOutputTokens'] ?? a['ai.settings.maxTokens']),
    }),
    output: text !== '' || toolCalls.length > 0 ? { role: 'assistant', text, toolCalls } : null,
  };
}

// ---- OpenInference (flattened attributes) ----

function oiMessage(a: Attrs, prefix: string): TracedMessage | null {
  const role = str(a[`${prefix}.message.role`]);
  if (role === '') return null;
  let text = str(a[`${prefix}.message.content`]);
  if (text === '') {
    for (
      let j = 0;
      a[`${prefix}.message.contents.${j}.message_content.type`] !== undefined ||
      a[`${prefix}.message.contents.${j}.message_content.text`] !== undefined;
      j++
    ) {
      text += str(a[`${prefix}.message.contents.${j}.message_content.text`]);
    }
  }
  const callId = str(a[`${prefix}.message.tool_call_id`]);
  if (role === 'system' || role === 'developer') return { role: 'system', text };
  // OpenInference's Anthropic instrumentation records a tool result as a user message naming its call.
  if (role === 'user' && callId === '') return { role: 'user', text };
  if (role === 'tool' || role === 'user')
    return {
      role: 'tool',
      callId,
      name: str(a[`${prefix}.message.name`]),
      text,
    };
  if (role !== 'assistant') return null;
  const toolCalls: TracedToolCall[] = [];
  for (let j = 0; a[`${prefix}.message.tool_calls.${j}.tool_call.function.name`] !== undefined; j++) {
    const at = `${prefix}.message.tool_calls.${j}.tool_call`;
    toolCalls.push({
      id: str(a[`${at}.id`]),
      name: str(a[`${at}.function.name`]),
      arguments: argsText(a[`${at}.function.arguments`]),
    });
  }
  return { role: 'assistant', text, toolCalls };
}

/** Anthropic's `system`: a string, or text blocks. */
function anthropicSystem(v: unknown): string {
  if (typeof v === 'string') return v;
  if (!Array.isArray(v)) return '';
  return v.map((b) => (isRecord(b) && b.type === 'text' ? str(b.text) : '')).join('\n\n');
}

function oiRequest(a: Attrs): TracedRequest | null {
  if (a['llm.input_messages.0.message.role'] === undefined) return null;
  const messages: TracedMessage[] = [];
  for (let i = 0; a[`llm.input_messages.${i}.message.role`] !== undefined; i++) {
    const m = oiMessage(a, `llm.input_messages.${i}`);
    if (m) messages.push(m);
  }
  let tools: TracedTool[] | null = null;
  for (let i = 0; a[`llm.tools.${i}.tool.json_schema`] !== undefined; i++) {
    const t = json(a[`llm.tools.${i}.tool.json_schema`]);
    const fn = isRecord(t) && isRecord(t.function) ? t.function : isRecord(t) ? t : null;
    if (!fn) continue;
    (tools ??= []).push({
      name: str(fn.name),
      description: str(fn.description),
      // OpenAI's tools carry `parameters`; Anthropic's (its OpenInference instrumentation) `input_schema`.
      parameters: (isRecord(fn.parameters)
        ? fn.parameters
        : isRecord(fn.input_schema)
          ? fn.input_schema
          : {}) as Record<string, unknown>,
    });
  }
  const inv = json(a['llm.invocation_parameters']);
  const p = isRecord(inv) ? inv : {};
  const out = oiMessage(a, 'llm.output_messages.0');
  // Anthropic's system prompt is a request field, not a message: its instrumentation records it with the parameters.
  const system = anthropicSystem(p.system);
  return {
    convention: 'openinference',
    messages:
      system !== '' && !messages.some((m) => m.role === 'system')
        ? [{ role: 'system', text: system }, ...messages]
        : messages,
    tools,
    parameters: params({
      temperature: num(p.temperature),
      topP: num(p.top_p),
      maxTokens: num(p.max_completion_tokens ?? p.max_tokens),
    }),
    output: out?.role === 'assistant' ? out : null,
  };
}

// ---- The GenAI semantic conventions ----

function genAiMessages(list: unknown[]): TracedMessage[] {
  const out: TracedMessage[] = [];
  for (const m of list) {
    if (!isRecord(m)) continue;
    const parts = Array.isArray(m.parts) ? m.parts.filter(isRecord) : [];
    const text = parts
      .filter((p) => p.type === 'text')
      .map((p) => str(p.content))
      .join('');
    if (m.role === 'system') out.push({ role: 'system', text });
    else if (m.role === 'user') {
      const responses = parts.filter((p) => p.type === 'tool_call_response');
      if (responses.length > 0)
        for (const p of responses)
          out.push({ role: 'tool', callId: str(p.id), name: '', text: argsTextOf(p.response ?? p.result) });
      else out.push({ role: 'user', text });
    } else if (m.role === 'assistant') {
      out.push({
        role: 'assistant',
        text,
        toolCalls: parts
          .filter((p) => p.type === 'tool_call')
          .map((p) => ({ id: str(p.id), name: str(p.name), arguments: argsText(p.arguments) })),
      });
    } else if (m.role === 'tool') {
      for (const p of parts)
        if (p.type === 'tool_call_response')
          out.push({ role: 'tool', callId: str(p.id), name: '', text: argsTextOf(p.response ?? p.result) });
    }
  }
  return out;
}
const argsTextOf = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v ?? ''));

function genAiRequest(a: Attrs, events: readonly Attrs[]): TracedRequest | null {
  const from = [a, ...events].find(
    (x) => typeof x[GEN_AI.inputMessages] === 'string' || Array.isArray(x[GEN_AI.inputMessages]),
  );
  if (!from) return null;
  const input = json(from[GEN_AI.inputMessages]);
  if (!Array.isArray(input)) return null;
  const messages = genAiMessages(input);
  const sys = json(from[GEN_AI.systemInstructions] ?? a[GEN_AI.systemInstructions]);
  if (Array.isArray(sys)) {
    const text = sys
      .filter(isRecord)
      .filter((p) => p.type === 'text')
      .map((p) => str(p.content))
      .join('\n');
    if (text !== '') messages.unshift({ role: 'system', text });
  }
  const defs = json(from['gen_ai.tool.definitions'] ?? a['gen_ai.tool.definitions']);
  const tools = Array.isArray(defs)
    ? defs.filter(isRecord).map((t) => {
        const fn = isRecord(t.function) ? t.function : t;
        return {
          name: str(fn.name),
          description: str(fn.description),
          parameters: (isRecord(fn.parameters) ? fn.parameters : {}) as Record<string, unknown>,
        };
      })
    : null;
  const outList = json(from[GEN_AI.outputMessages] ?? a[GEN_AI.outputMessages]);
  const out = Array.isArray(outList) ? genAiMessages(outList).find((m) => m.role === 'assistant') : undefined;
  return {
    convention: 'gen-ai',
    messages,
    tools,
    parameters: params({
      temperature: num(a[GEN_AI.requestTemperature]),
      topP: num(a['gen_ai.request.top_p']),
      maxTokens: num(a['gen_ai.request.max_tokens']),
    }),
    output: out?.role === 'assistant' ? out : null,
  };
}

// ---- The GenAI events as log records (gen_ai.system.message, gen_ai.user.message, ..., gen_ai.choice) ----

/** An OpenAI-shaped message body's text: a string, or the text of its parts. */
const bodyText = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : Array.isArray(v)
      ? v
          .filter(isRecord)
          .map((p) => str(p.text ?? p.content))
          .join('')
      : '';

function eventCalls(v: unknown): TracedToolCall[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((c) => {
    const fn = isRecord(c.function) ? c.function : {};
    return { id: str(c.id), name: str(fn.name), arguments: argsText(fn.arguments) };
  });
}

function genAiEventsRequest(a: Attrs, logs: readonly SpanLogEvent[]): TracedRequest | null {
  const messages: TracedMessage[] = [];
  let output: TracedRequest['output'] = null;
  for (const e of logs) {
    const b = isRecord(e.body) ? e.body : {};
    if (e.name === 'gen_ai.system.message') messages.push({ role: 'system', text: bodyText(b.content) });
    else if (e.name === 'gen_ai.user.message') messages.push({ role: 'user', text: bodyText(b.content) });
    else if (e.name === 'gen_ai.assistant.message')
      messages.push({ role: 'assistant', text: bodyText(b.content), toolCalls: eventCalls(b.tool_calls) });
    else if (e.name === 'gen_ai.tool.message')
      messages.push({ role: 'tool', callId: str(b.id), name: '', text: bodyText(b.content) });
    else if (e.name === 'gen_ai.choice' && output === null && (b.index === undefined || Number(b.index) === 0)) {
      const m = isRecord(b.message) ? b.message : {};
      output = { role: 'assistant', text: bodyText(m.content), toolCalls: eventCalls(m.tool_calls) };
    }
  }
  if (messages.length === 0) return null;
  return {
    convention: 'gen-ai-events',
    messages,
    // The events carry no tool definitions: what the request offered is not known.
    tools: null,
    parameters: params({
      temperature: num(a[GEN_AI.requestTemperature]),
      topP: num(a['gen_ai.request.top_p']),
      maxTokens: num(a['gen_ai.request.max_tokens']),
    }),
    output,
  };
}

/**
 * The request a model span recorded, by whichever convention recorded it; `events`: its span events' attributes;
 * `logs`: the GenAI events log records carried for it.
 */
export function tracedRequest(
  a: Attrs,
  events: readonly Attrs[] = [],
  logs: readonly SpanLogEvent[] = [],
): TracedRequest | null {
  return aiRequest(a) ?? oiRequest(a) ?? genAiRequest(a, events) ?? genAiEventsRequest(a, logs);
}
