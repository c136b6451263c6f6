import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toWireMessages, toWireTools } from '../../agent/to-wire';
import { assembleSystemPrompt } from '../../context/system-prompt';
import type { ChatMessage } from '../../domain/messages';
import { readTraceText } from '../../traces/trace-file-read';
import { mergeParts } from '../../traces/open-trace';
import { otlpTracesToExport } from './otlp-import';

/**
 * The requests rebuilt from real SDKs' traces (src/traces/__fixtures__, made by fixtures-gen/otel-traces against the
 * mock server) equal what each SDK sent, as the app would send them again: messages (roles, text, tool calls with
 * ids and arguments, tool results), system prompt, tools (names and parameter schemas) and temperature.
 */
const fixture = (name: string) => new URL(`../../traces/__fixtures__/${name}`, import.meta.url);
type WireRequest = {
  messages: unknown[];
  tools?: { function: { name: string; parameters: unknown } }[];
  temperature?: number;
};

function normal(messages: readonly unknown[]) {
  return messages.map((raw) => {
    const m = raw as {
      role: string;
      content?: unknown;
      tool_calls?: { id: string; function: { name: string; arguments: string } }[];
      tool_call_id?: string;
    };
    const text =
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? m.content.map((p: { text?: string }) => p.text ?? '').join('')
          : '';
    return {
      role: m.role,
      text,
      ...(m.tool_calls?.length
        ? {
            calls: m.tool_calls.map((c) => ({
              id: c.id,
              name: c.function.name,
              args: JSON.parse(c.function.arguments) as unknown,
            })),
          }
        : {}),
      ...(m.tool_call_id ? { callId: m.tool_call_id } : {}),
    };
  });
}

function rebuilt(name: string) {
  const file = readTraceText(readFileSync(fixture(`${name}.otlp.jsonl`), 'utf8'), name);
  expect(file.problems).toEqual([]);
  expect(file.parts).toHaveLength(1);
  let n = 0;
  const out = otlpTracesToExport(mergeParts([{ spans: JSON.stringify(file.parts[0]!.traces) }]), {
    now: 1,
    newId: () => `id-${n++}`,
  });
  if (!out.ok) throw new Error(out.message);
  return out.file.sessions[0]!;
}

/** What the app sends for each recorded step of a session: the path before its reply, its prompt and its tools. */
function stepRequests(entry: ReturnType<typeof rebuilt>) {
  const path = entry.messages as unknown as ChatMessage[];
  return entry.events.flatMap((e) => {
    if (e.type !== 'request_started' || !e.messageId) return [];
    const at = path.findIndex((m) => m.id === e.messageId);
    const system = e.systemLayers ? assembleSystemPrompt(e.systemLayers) : undefined;
    const set = entry.toolSets?.find((t) => t.hash === e.toolSet);
    return [
      {
        messages: toWireMessages(path.slice(0, at), system),
        tools: set ? toWireTools(set.tools) : null,
        temperature: entry.session.settings.temperature,
      },
    ];
  });
}

describe.each(['ai-sdk-generate-text', 'ai-sdk-stream-text', 'openinference-openai'])(
  'a request rebuilt from %s',
  (name) => {
    const sent = JSON.parse(readFileSync(fixture(`${name}.requests.json`), 'utf8')) as WireRequest[];
    const entry = rebuilt(name);
    const steps = stepRequests(entry);

    it('has one step per request the SDK sent, each sending the same messages', () => {
      expect(sent.length).toBeGreaterThanOrEqual(2);
      expect(normal(steps.at(-1)!.messages).some((m) => m.role === 'tool')).toBe(true);
      expect(steps).toHaveLength(sent.length);
      steps.forEach((s, k) => expect(normal(s.messages), `request ${k + 1}`).toEqual(normal(sent[k]!.messages)));
    });

    it('offers the same tools with the same parameter schemas, at the same temperature', () => {
      steps.forEach((s, k) => {
        const want = sent[k]!;
        expect(s.tools?.map((t) => (t as { function: { name: string; parameters: unknown } }).function)).toEqual(
          want.tools?.map((t) => ({
            name: t.function.name,
            description: expect.any(String),
            parameters: t.function.parameters,
          })),
        );
        expect(s.temperature).toBe(want.temperature);
      });
    });

    it('shows the tool calls with their results in the chat, and the final answer', () => {
      const tools = entry.messages.filter((m) => m.role === 'tool');
      expect(tools.length).toBeGreaterThan(0);
      expect(entry.toolCalls.map((c) => c.id).sort()).toEqual(
        tools.map((m) => (m.role === 'tool' ? m.toolCallId : '')).sort(),
      );
      const last = entry.messages.at(-1)!;
      expect(last.role).toBe('assistant');
      expect(last.content).not.toBe('');
    });
  },
);

describe('a trace without content', () => {
  it('opens with its model turns, and no step names a reply (each debugger action says it cannot re-run)', () => {
    const entry = rebuilt('ai-sdk-no-content');
    const requests = entry.events.filter((e) => e.type === 'request_started');
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((e) => e.type === 'request_started' && e.messageId === '')).toBe(true);
    expect(entry.messages.filter((m) => m.role === 'assistant' && m.toolCalls.length > 0)).toEqual([]);
  });
});

describe('the GenAI conventions', () => {
  // No Node 20 SDK writes these on spans (AI SDK 7's @ai-sdk/otel needs Node 22; OpenTelemetry's OpenAI
  // instrumentation writes log records): the attributes are the conventions' own examples, by hand.
  const attrs = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.request.model': 'gpt-4o',
    'gen_ai.request.temperature': 0.2,
    'gen_ai.system_instructions': JSON.stringify([{ type: 'text', content: 'Be brief.' }]),
    'gen_ai.input.messages': JSON.stringify([
      { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris?' }] },
      {
        role: 'assistant',
        parts: [{ type: 'tool_call', id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }],
      },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'call_1', response: { temp: 18 } }] },
    ]),
    'gen_ai.tool.definitions': JSON.stringify([
      {
        type: 'function',
        name: 'get_weather',
        description: 'Weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    ]),
    'gen_ai.output.messages': JSON.stringify([
      { role: 'assistant', parts: [{ type: 'text', content: 'Sunny, 18 °C.' }], finish_reason: 'stop' },
    ]),
  };

  it('rebuilds messages, system prompt, tools and temperature from the span', async () => {
    const { tracedRequest } = await import('./traced-request');
    const r = tracedRequest(attrs);
    expect(r).toEqual({
      convention: 'gen-ai',
      messages: [
        { role: 'system', text: 'Be brief.' },
        { role: 'user', text: 'Weather in Paris?' },
        {
          role: 'assistant',
          text: '',
          toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
        },
        { role: 'tool', callId: 'call_1', name: '', text: '{"temp":18}' },
      ],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather',
          parameters: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ],
      parameters: { temperature: 0.2 },
      output: { role: 'assistant', text: 'Sunny, 18 °C.', toolCalls: [] },
    });
  });

  it('reads the messages from an event when the span carries them there', async () => {
    const { tracedRequest } = await import('./traced-request');
    const { 'gen_ai.input.messages': messages, ...span } = attrs;
    expect(tracedRequest(span, [{ 'gen_ai.input.messages': messages }])?.messages).toHaveLength(4);
    expect(tracedRequest({ 'gen_ai.operation.name': 'chat' })).toBeNull();
  });
});
