import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../agent/model-client';
import type { AssistantMessage, ChatMessage, ToolMessage } from '../../../domain/messages';
import { accumulateAnthropic } from './anthropic-stream';
import {
  anthropicPrefixHash,
  buildMessagesBody,
  DEFAULT_MAX_OUTPUT_TOKENS,
  type AnthropicMessagesBody,
  type AnthropicSettings,
} from './messages-body';
import { readAnthropicFixture } from './read-anthropic-fixture';

const FIXTURES = join(import.meta.dirname, '__fixtures__');
const BODIES = join(FIXTURES, 'expected-bodies');

/** The body as sent, compared with its checked-in golden (`UPDATE_EXPECTED=1` rewrites them; review the diff). */
function expectGolden(name: string, value: unknown): void {
  const text = `${JSON.stringify(value, null, 2)}\n`;
  const file = join(BODIES, `${name}.json`);
  if (process.env.UPDATE_EXPECTED === '1') {
    mkdirSync(BODIES, { recursive: true });
    writeFileSync(file, text);
  }
  expect(existsSync(file), `${file} is missing: run with UPDATE_EXPECTED=1`).toBe(true);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

const MODEL = 'claude-sonnet-4-5';
const tools = [
  {
    name: 'get_weather',
    description: 'The weather in a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  { name: 'get_time', description: '', parameters: { type: 'object', properties: {} } },
];

/** The reply of the recorded parallel-tool stream (signed thinking, three tool_use blocks) as the domain stores it. */
async function signedReply(createdAt = 2): Promise<AssistantMessage> {
  const turn = await accumulateAnthropic(readAnthropicFixture(join(FIXTURES, 'handmade-parallel-tool-use.sse')));
  return {
    id: 'a1',
    role: 'assistant',
    createdAt,
    content: turn.text,
    reasoning: turn.reasoning,
    refusal: null,
    toolCalls: turn.toolCalls,
    status: 'complete',
    runId: 'r1',
    turn: 1,
    wireParts: { format: 'anthropic', model: turn.model ?? MODEL, parts: turn.content },
  };
}

function result(id: string, content: string, createdAt: number, extra: Partial<ToolMessage> = {}): ToolMessage {
  return {
    id: `t-${id}`,
    role: 'tool',
    createdAt,
    toolCallId: id,
    name: 'get_weather',
    content,
    isError: false,
    outcome: 'ok',
    runId: 'r1',
    turn: 1,
    ...extra,
  };
}

async function toolLoop(): Promise<ChatMessage[]> {
  return [
    { id: 'u1', role: 'user', createdAt: 1, content: 'Weather in Paris and Tokyo, and the time?' },
    await signedReply(),
    result('toolu_handmade_a', '18 °C, cloudy', 3),
    result('toolu_handmade_b', 'city service down', 4, { isError: true, outcome: 'error' }),
    result('toolu_handmade_c', '', 5, { name: 'get_time' }),
  ];
}

const conversation = (messages: ChatMessage[], systemPrompt = 'You answer briefly.'): Conversation => ({
  messages,
  systemPrompt,
  tools,
});

const build = (messages: ChatMessage[], settings: Partial<AnthropicSettings> = {}) =>
  buildMessagesBody(conversation(messages), { model: MODEL, ...settings });

const countCacheControl = (body: AnthropicMessagesBody): number =>
  (JSON.stringify(body).match(/"cache_control"/g) ?? []).length;

describe('Anthropic Messages body', () => {
  it('sends a signed reply back first and byte-equal in a tool loop, its results merged into one user turn', async () => {
    const history = await toolLoop();
    const reply = history[1] as AssistantMessage;
    const { body, leftOut } = build(history, { thinkingBudget: 2048 });
    expectGolden('tool-loop-signed-thinking', body);
    expect(leftOut).toEqual([]);
    const sent = body.messages[1];
    expect(sent?.role).toBe('assistant');
    expect(sent?.content[0]?.type).toBe('thinking');
    expect(JSON.stringify(sent?.content)).toBe(JSON.stringify(reply.wireParts?.parts));
    expect(body.messages).toHaveLength(3);
    expect(body.messages[2]?.content.map((b) => [b.type, b.tool_use_id, b.is_error])).toEqual([
      ['tool_result', 'toolu_handmade_a', false],
      ['tool_result', 'toolu_handmade_b', true],
      ['tool_result', 'toolu_handmade_c', false],
    ]);
    // An empty result carries no content (Anthropic refuses an empty text block).
    expect(body.messages[2]?.content[2]).not.toHaveProperty('content');
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(body.max_tokens).toBe(2048 + DEFAULT_MAX_OUTPUT_TOKENS);
  });

  it('accepts the dated id of the model that signed the reply', async () => {
    const { body, leftOut } = build(await toolLoop(), { model: `${MODEL}-20250929`, thinkingBudget: 2048 });
    expect(leftOut).toEqual([]);
    expect(body.messages[1]?.content[0]?.type).toBe('thinking');
  });

  it('leaves the thinking out, says so, and turns thinking off when the prefix changed after the reply', async () => {
    const history = await toolLoop();
    // A compaction summary made after the reply now stands before it.
    history.unshift({ id: 's1', role: 'system', createdAt: 10, content: 'Summary: the user asked about weather.' });
    const { body, leftOut } = build(history, { thinkingBudget: 2048, temperature: 0.2 });
    expectGolden('edited-prefix', body);
    expect(JSON.stringify(body.messages)).not.toContain('"thinking"');
    expect(body.messages[1]?.content.map((b) => b.type)).toEqual(['tool_use', 'tool_use', 'tool_use']);
    expect(body).not.toHaveProperty('thinking');
    expect(leftOut).toEqual([
      {
        messageId: 'a1',
        what: 'signed_thinking',
        why: 'Its thinking was left out: the conversation before it changed after it was written.',
      },
      { what: 'thinking', why: expect.stringContaining('Thinking was off for this request') },
    ]);
    // With thinking off, the temperature the person set goes.
    expect(body.temperature).toBe(0.2);
  });

  it('leaves the thinking out for another model, a reply edited after it arrived, and a changed recorded prefix', async () => {
    const other = build(await toolLoop(), { model: 'claude-opus-4-5' });
    expect(other.leftOut[0]?.why).toBe(`Its thinking was left out: it was written by ${MODEL}, not claude-opus-4-5.`);

    const edited = await toolLoop();
    const reply = edited[1] as AssistantMessage;
    edited[1] = { ...reply, edits: [{ kind: 'arguments', callId: 'toolu_handmade_a', original: '{"city": "Paris"}' }] };
    expect(build(edited).leftOut[0]?.why).toBe('Its thinking was left out: it was edited after it arrived.');
    // Changed arguments with no edit recorded (an import, a hand-edited file) are caught by comparing the blocks.
    const calls = reply.toolCalls.map((c, i) => (i === 0 ? { ...c, arguments: '{"city":"Lyon"}' } : c));
    edited[1] = { ...reply, toolCalls: calls };
    const rebuilt = build(edited);
    expect(rebuilt.leftOut[0]?.why).toBe('Its thinking was left out: it was edited after it arrived.');
    expect(rebuilt.body.messages[1]?.content[0]).toEqual({
      type: 'tool_use',
      id: 'toolu_handmade_a',
      name: 'get_weather',
      input: { city: 'Lyon' },
    });

    // The hash of the body that produced the reply, recorded with it, matches while nothing before it changed,
    // even when that body carried cache breakpoints and a later message was created out of order.
    const history = await toolLoop();
    const produced = buildMessagesBody(conversation(history.slice(0, 1)), { model: MODEL, cachePrompt: true }).body;
    const signed = history[1] as AssistantMessage;
    const parts = signed.wireParts as NonNullable<AssistantMessage['wireParts']>;
    // Stored beside the blocks (the domain type names the fields every format has; the hash is this format's).
    const stamped = { ...parts, prefixHash: anthropicPrefixHash(produced) };
    history[1] = { ...signed, wireParts: stamped };
    history[0] = { ...(history[0] as ChatMessage), createdAt: 99 };
    const same = build(history);
    expect(same.leftOut).toEqual([]);
    expect(same.body.messages[1]?.content[0]?.type).toBe('thinking');
    const changed = buildMessagesBody(conversation(history, 'Another prompt.'), { model: MODEL });
    expect(changed.leftOut.map((n) => n.what)).toEqual(['signed_thinking']);
    expect(changed.body.messages[1]?.content[0]?.type).toBe('tool_use');
  });

  it('puts cache breakpoints on the last system block and the last block of the last message only', async () => {
    const history = await toolLoop();
    const reply = history[1] as AssistantMessage;
    const before = JSON.stringify(reply.wireParts);
    const { body } = build(history, { cachePrompt: true, thinkingBudget: 2048 });
    expectGolden('cache-prompt', body);
    expect(body.system).toEqual([{ type: 'text', text: 'You answer briefly.', cache_control: { type: 'ephemeral' } }]);
    expect(body.messages[2]?.content[2]).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_handmade_c',
      is_error: false,
      cache_control: { type: 'ephemeral' },
    });
    expect(countCacheControl(body)).toBe(2);
    // The stored reply is not touched by the breakpoint.
    expect(JSON.stringify(reply.wireParts)).toBe(before);

    // A summary joins the system text: the breakpoint stays on the last system block.
    history.unshift({ id: 's1', role: 'system', createdAt: 0, content: 'Earlier: greetings.' });
    const withSummary = build(history, { cachePrompt: true }).body;
    expect(withSummary.system).toEqual([
      { type: 'text', text: 'You answer briefly.' },
      { type: 'text', text: 'Earlier: greetings.', cache_control: { type: 'ephemeral' } },
    ]);
    expect(countCacheControl(withSummary)).toBe(2);
    expect(build(history).body.system).toBe('You answer briefly.\n\nEarlier: greetings.');
  });

  it('marks a copy when the last message is a stored reply (a paused turn resumed), never a thinking block', async () => {
    const reply = await signedReply();
    const stored = JSON.stringify(reply.wireParts);
    const { body } = build([{ id: 'u1', role: 'user', createdAt: 1, content: 'Go on.' }, reply], { cachePrompt: true });
    const last = body.messages[1]?.content ?? [];
    expect(last.map((b) => 'cache_control' in b)).toEqual([false, false, false, true]);
    expect(JSON.stringify(reply.wireParts)).toBe(stored);
  });

  it('sends no sampling parameter, thinking or cache breakpoint the person did not set', () => {
    const { body, leftOut } = buildMessagesBody(
      { messages: [{ id: 'u1', role: 'user', createdAt: 1, content: 'Hi' }], tools: [] },
      { model: MODEL },
    );
    expect(body).toEqual({
      model: MODEL,
      max_tokens: DEFAULT_MAX_OUTPUT_TOKENS,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      stream: true,
    });
    expect(leftOut).toEqual([]);

    const set = build([{ id: 'u1', role: 'user', createdAt: 1, content: 'Hi' }], {
      temperature: 0,
      topP: 0.9,
      maxOutputTokens: 300,
    });
    expect(set.body).toMatchObject({ temperature: 0, top_p: 0.9, max_tokens: 300 });

    const thinking = build([{ id: 'u1', role: 'user', createdAt: 1, content: 'Hi' }], {
      temperature: 0,
      thinkingBudget: 1024,
    });
    expect(thinking.body).not.toHaveProperty('temperature');
    expect(thinking.body.thinking).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(thinking.leftOut).toEqual([
      {
        what: 'sampling',
        why: 'Temperature and Top P were not sent: Anthropic does not accept them with thinking on.',
      },
    ]);
  });

  it('rebuilds a reply from elsewhere without empty text, and carries images as image blocks', () => {
    const history: ChatMessage[] = [
      {
        id: 'u1',
        role: 'user',
        createdAt: 1,
        content: 'What is in it?',
        images: [{ mimeType: 'image/jpg', data: 'AAAA', label: 'photo' }],
      },
      {
        id: 'a1',
        role: 'assistant',
        createdAt: 2,
        content: '',
        reasoning: 'Look closer.',
        refusal: null,
        toolCalls: [{ id: 'call_1', name: 'zoom', arguments: 'not json' }],
        status: 'complete',
        runId: 'r1',
        turn: 1,
      },
      result('call_1', 'zoomed', 3, { images: [{ mimeType: 'image/png', data: 'BBBB', label: 'zoomed' }] }),
      { id: 'u2', role: 'user', createdAt: 4, content: 'And now?' },
    ];
    const { body, leftOut } = build(history);
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is in it?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: 'AAAA' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'call_1', name: 'zoom', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'call_1',
            content: [
              { type: 'text', text: 'zoomed' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'BBBB' } },
            ],
            is_error: false,
          },
          { type: 'text', text: 'And now?' },
        ],
      },
    ]);
    expect(leftOut).toEqual([
      {
        messageId: 'a1',
        what: 'signed_thinking',
        why: 'Its thinking was left out: it was not written through this API.',
      },
    ]);
  });

  it('drops an empty text block from a stored reply and skips a reply still streaming', async () => {
    const reply = await signedReply();
    const parts = reply.wireParts?.parts ?? [];
    const withEmpty: AssistantMessage = {
      ...reply,
      wireParts: {
        format: 'anthropic',
        model: MODEL,
        parts: [...parts.slice(0, 1), { type: 'text', text: '' }, ...parts.slice(1)],
      },
    };
    const history = await toolLoop();
    history[1] = withEmpty;
    history.push({ ...reply, id: 'a2', createdAt: 6, status: 'streaming' });
    const { body } = build(history);
    expect(JSON.stringify(body.messages[1]?.content)).toBe(JSON.stringify(parts));
    expect(body.messages).toHaveLength(3);
  });
});
