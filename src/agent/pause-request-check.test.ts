import { describe, expect, it } from 'vitest';
import { requestEditCheck, requestFormatOf } from './pause';

const json = (v: unknown) => JSON.stringify(v);

describe('a request edit is checked in the format it was shown in', () => {
  it('Chat Completions: a model and a messages list', async () => {
    const check = requestEditCheck('chat');
    expect(await check('{"model":')).toMatch(/not valid JSON/);
    expect(await check('[]')).toBe('The request must be a JSON object.');
    expect(await check(json({ model: 'm' }))).toBe('The request needs a "messages" list.');
    expect(await check(json({ model: 'm', messages: [] }))).toBeNull();
  });

  it('Responses: a model and an input, a list or a text', async () => {
    const check = requestEditCheck('responses');
    expect(await check(json({ model: 'm', messages: [] }))).toMatch(/needs an "input"/);
    expect(await check(json({ input: 'hi' }))).toBe('The request needs a "model".');
    expect(await check(json({ model: 'm', input: [] }))).toBeNull();
  });

  it('Anthropic Messages: a model, messages and a positive whole max_tokens', async () => {
    const check = requestEditCheck('anthropic');
    const ok = { model: 'claude', max_tokens: 1024, messages: [] };
    expect(await check(json(ok))).toBeNull();
    for (const max_tokens of [undefined, 0, -1, 1.5, '1024'])
      expect(await check(json({ ...ok, max_tokens }))).toBe(
        'The request needs "max_tokens": a whole number of tokens above 0.',
      );
    expect(await check(json({ ...ok, model: '' }))).toBe('The request needs a "model".');
    expect(await check(json({ ...ok, messages: {} }))).toBe('The request needs a "messages" list.');
  });

  it('Gemini: a contents list, with no model in the body', async () => {
    const check = requestEditCheck('gemini');
    expect(await check(json({ contents: [] }))).toBeNull();
    expect(await check(json({ model: 'gemini', messages: [] }))).toMatch(/needs a "contents" list/);
  });

  it('a pause a reload left is checked in the format its body shows', () => {
    expect(requestFormatOf(json({ model: 'm', messages: [], stream: true, stream_options: {}, max_tokens: 9 }))).toBe(
      'chat',
    );
    expect(requestFormatOf(json({ model: 'm', input: [] }))).toBe('responses');
    expect(requestFormatOf(json({ model: 'm', max_tokens: 9, messages: [] }))).toBe('anthropic');
    expect(requestFormatOf(json({ contents: [] }))).toBe('gemini');
    expect(requestFormatOf('not json')).toBe('chat');
  });
});
