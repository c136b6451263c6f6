import { afterEach, describe, expect, it } from 'vitest';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { startMockServer, type MockServer } from './mock-server';
import { argsFromSchema } from './schema-args';
import { assemble, collect, sdk } from './testing/mock-client';

let mock: MockServer | undefined;
afterEach(async () => {
  await mock?.close();
});

const weatherTool: ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: { type: 'integer', minimum: 1 },
      },
      required: ['city', 'unit'],
    },
  },
};
const calcTool: ChatCompletionTool = {
  type: 'function',
  function: {
    name: 'calculate',
    parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  },
};

describe('friendly responder (the default with no script)', () => {
  it('echoes the user message as Markdown when no tools are asked for', async () => {
    mock = await startMockServer();
    const chunks = await collect(
      await sdk(mock.url).chat.completions.create({
        model: 'mock-gpt',
        stream: true,
        messages: [{ role: 'user', content: 'What is **Toolscope**?' }],
      }),
    );
    const got = assemble(chunks);
    expect(got.text).toContain('> What is **Toolscope**?');
    expect(got.calls).toHaveLength(0);
    expect(chunks.length).toBeGreaterThan(5);
  });

  it('calls the named tool with schema-shaped arguments on "use tools", then summarises the result', async () => {
    mock = await startMockServer();
    const client = sdk(mock.url);
    const messages: ChatCompletionMessageParam[] = [{ role: 'user', content: 'Please use tools: calculate something' }];
    const first = assemble(
      await collect(
        await client.chat.completions.create({ model: 'm', stream: true, messages, tools: [weatherTool, calcTool] }),
      ),
    );
    expect(first.calls).toHaveLength(1);
    expect(first.calls[0]?.name).toBe('calculate');
    expect(JSON.parse(first.calls[0]!.arguments)).toEqual({ expression: '6 * 7' });

    messages.push(
      {
        role: 'assistant',
        content: first.text,
        tool_calls: first.calls.map((c) => ({
          id: c.id,
          type: 'function' as const,
          function: { name: c.name, arguments: c.arguments },
        })),
      },
      { role: 'tool', tool_call_id: first.calls[0]!.id, content: '42' },
    );
    const second = assemble(
      await collect(
        await client.chat.completions.create({ model: 'm', stream: true, messages, tools: [weatherTool, calcTool] }),
      ),
    );
    expect(second.calls).toHaveLength(0);
    expect(second.text).toContain('**calculate** returned: `42`');
  });

  it('without a named tool picks the first one offered', async () => {
    mock = await startMockServer();
    const got = assemble(
      await collect(
        await sdk(mock.url).chat.completions.create({
          model: 'm',
          stream: true,
          messages: [{ role: 'user', content: 'use tools' }],
          tools: [weatherTool, calcTool],
        }),
      ),
    );
    expect(got.calls.map((c) => c.name)).toEqual(['get_weather']);
    expect(JSON.parse(got.calls[0]!.arguments)).toEqual({ city: 'Paris', unit: 'celsius' });
  });
});

describe('argsFromSchema', () => {
  it('fills required fields by const, enum, default, type and name, recursing into objects and arrays', () => {
    const args = argsFromSchema(
      {
        type: 'object',
        required: ['kind', 'mode', 'limit', 'flag', 'tags', 'where', 'when', 'query'],
        properties: {
          kind: { const: 'k' },
          mode: { type: 'string', default: 'fast' },
          limit: { type: 'integer', minimum: 5 },
          flag: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
          where: { type: 'object', properties: { city: { type: 'string' } } },
          when: { type: 'string', format: 'date' },
          query: { type: ['string', 'null'] },
          ignored: { type: 'string' },
        },
      },
      'find cheap flights',
    );
    expect(args).toEqual({
      kind: 'k',
      mode: 'fast',
      limit: 5,
      flag: true,
      tags: ['example tag', 'example tag'],
      where: { city: 'Paris' },
      when: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      query: 'find cheap flights',
    });
  });
});
