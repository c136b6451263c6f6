import { describe, expect, it } from 'vitest';
import { toOpenAIMessages } from './openai-messages';
import { checkExportData } from '../session-file/check-file';
import { fromMessageRecord } from '../../db/messages-repo';
import { looksLikeOpenAIMessages, openAIMessagesToExport } from './openai-messages-import';

const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};
const opts = () => ({ now: 1_700_000_000_000, newId: ids() });

const conversation = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Weather in Paris and Oslo?' },
  {
    role: 'assistant',
    content: null,
    tool_calls: [
      { id: 'call_p', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_o', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
    ],
  },
  { role: 'tool', tool_call_id: 'call_o', content: '{"temp":-3}' },
  { role: 'tool', tool_call_id: 'call_p', content: [{ type: 'text', text: '{"temp":14}' }] },
  { role: 'assistant', content: 'Paris is mild, Oslo is cold.' },
];

describe('looksLikeOpenAIMessages', () => {
  it('knows a list of messages and a request body, and nothing else', () => {
    expect(looksLikeOpenAIMessages(conversation)).toBe(true);
    expect(looksLikeOpenAIMessages({ model: 'm', messages: conversation })).toBe(true);
    expect(looksLikeOpenAIMessages({ format: 'toolscope-session', messages: conversation })).toBe(false);
    expect(looksLikeOpenAIMessages([])).toBe(false);
    expect(looksLikeOpenAIMessages([1])).toBe(false);
    expect(looksLikeOpenAIMessages({ hello: 1 })).toBe(false);
  });
});

describe('openAIMessagesToExport', () => {
  it('makes one new session: the leading system message is its prompt, tool results keep their call names', () => {
    const r = openAIMessagesToExport(conversation, opts());
    if (!r.ok) throw new Error(r.message);
    const [entry] = r.file.sessions;
    expect(entry?.session).toMatchObject({
      id: 'id1',
      title: 'Weather in Paris and Oslo?',
      model: '',
      status: 'idle',
      messageCount: 5,
      toolCallCount: 2,
      settings: { systemPrompt: 'Be brief.' },
    });
    expect(entry?.messages.map((m) => [m.role, m.order])).toEqual([
      ['user', 0],
      ['assistant', 1],
      ['tool', 2],
      ['tool', 3],
      ['assistant', 4],
    ]);
    expect(entry?.messages[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_o',
      name: 'get_weather',
      content: '{"temp":-3}',
      outcome: 'ok',
      turn: 1,
    });
    expect(entry?.messages[3]).toMatchObject({ content: '{"temp":14}' });
    expect(entry?.messages[1]).toMatchObject({
      content: '',
      toolCalls: [{ id: 'call_p', name: 'get_weather', arguments: '{"city":"Paris"}' }, { id: 'call_o' }],
    });
    // The file the import then checks and writes is a valid version-1 export.
    expect(checkExportData(r.file).ok).toBe(true);
  });

  it('reads a request body with its model, developer messages and refusals', () => {
    const r = openAIMessagesToExport(
      {
        model: 'gpt-4o-mini',
        temperature: 0,
        messages: [
          { role: 'developer', content: [{ type: 'text', text: 'Rules.' }] },
          { role: 'user', content: 'x'.repeat(200), name: 'ann' },
          { role: 'assistant', content: [{ type: 'refusal', refusal: 'No.' }] },
        ],
      },
      opts(),
    );
    if (!r.ok) throw new Error(r.message);
    const [entry] = r.file.sessions;
    expect(entry?.session.model).toBe('gpt-4o-mini');
    expect(entry?.session.settings.systemPrompt).toBe('Rules.');
    expect(entry?.session.title).toHaveLength(80);
    expect(entry?.messages[1]).toMatchObject({ role: 'assistant', content: '', refusal: 'No.' });
  });

  it('round-trips the app\'s own "as OpenAI messages" export', () => {
    const r = openAIMessagesToExport(conversation, opts());
    if (!r.ok) throw new Error(r.message);
    const entry = r.file.sessions[0]!;
    const again = toOpenAIMessages(entry.messages.map(fromMessageRecord), entry.session.settings.systemPrompt);
    const second = openAIMessagesToExport(JSON.parse(JSON.stringify(again)) as unknown, opts());
    if (!second.ok) throw new Error(second.message);
    const strip = (e: typeof entry) => e.messages.map(({ id: _id, ...m }) => m);
    expect(strip(second.file.sessions[0]!)).toEqual(strip(entry));
  });

  it('refuses a tool result that answers no call, naming where (invariant 1)', () => {
    const r = openAIMessagesToExport(
      [
        { role: 'user', content: 'hi' },
        { role: 'tool', tool_call_id: 'call_x', content: 'orphan' },
      ],
      opts(),
    );
    expect(r).toMatchObject({
      ok: false,
      stage: 'integrity',
      total: 1,
      issues: [{ path: '$[1]', expected: expect.stringContaining('"call_x" answers no open tool call') }],
    });
  });

  it('refuses a tool call left unanswered, even at the end', () => {
    const r = openAIMessagesToExport(
      {
        messages: [
          { role: 'user', content: 'hi' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }],
          },
        ],
      },
      opts(),
    );
    expect(r).toMatchObject({
      ok: false,
      stage: 'integrity',
      issues: [{ path: '$.messages[1]', expected: expect.stringContaining('"c1" has no tool result') }],
    });
  });

  it('refuses what is not a Chat Completions message, with the path and what was expected', () => {
    const bad = (data: unknown) => {
      const r = openAIMessagesToExport(data, opts());
      if (r.ok) throw new Error('expected a refusal');
      expect(r.stage).toBe('schema');
      return r.issues;
    };
    expect(bad([{ role: 'robot', content: 'x' }])).toEqual([
      {
        path: '$[0].role',
        expected: expect.stringContaining('one of "system", "developer", "user", "assistant", "tool"'),
      },
    ]);
    expect(bad([{ role: 'user' }])).toEqual([
      { path: '$[0].content', expected: 'a value (this property is required)' },
    ]);
    expect(bad([{ role: 'tool', content: 'r' }])).toEqual([
      { path: '$[0].tool_call_id', expected: 'a value (this property is required)' },
    ]);
    expect(bad([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'x' } }] }])).toContainEqual({
      path: '$[0].content[0].type',
      expected: 'one of "text"',
    });
    expect(bad({ messages: [{ role: 'assistant', tool_calls: [{ id: 'c', function: { name: 'f' } }] }] })).toEqual([
      { path: '$.messages[0].tool_calls[0].function.arguments', expected: 'a value (this property is required)' },
    ]);
  });

  it('bounds sizes: one message text over 5,000,000 characters is refused before anything else', () => {
    const issues = (() => {
      const r = openAIMessagesToExport([{ role: 'user', content: 'a'.repeat(5_000_001) }], opts());
      return r.ok ? [] : r.issues;
    })();
    expect(issues).toContainEqual({ path: '$[0].content', expected: 'a string of at most 5000000 characters' });
  });
});
