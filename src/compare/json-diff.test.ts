import { describe, expect, it } from 'vitest';
import { diffJson, requestBodyValue } from './json-diff';

const original = {
  model: 'gpt-a',
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'What is the weather in Paris today, and should I take an umbrella with me?' },
  ],
  tools: [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
  stream: true,
};

describe('diffJson', () => {
  it('names each path changed, added or removed, with the counts', () => {
    const rerun = {
      model: 'gpt-b',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'What is the weather in Lyon today, and should I take an umbrella with me?' },
        { role: 'assistant', content: 'Sunny.' },
      ],
      tools: [{ name: 'get_weather', parameters: { type: 'object' } }],
      temperature: 0.2,
    };
    const diff = diffJson(original, rerun);
    expect(diff.changes.map((c) => [c.kind, c.path])).toEqual([
      ['changed', 'model'],
      ['changed', 'messages[1].content'],
      ['added', 'messages[2]'],
      ['removed', 'tools[0].parameters.properties'],
      ['removed', 'stream'],
      ['added', 'temperature'],
    ]);
    expect([diff.added, diff.removed, diff.changed]).toEqual([2, 2, 2]);
    expect(diff.changes[0]).toEqual({ kind: 'changed', path: 'model', before: 'gpt-a', after: 'gpt-b' });
  });

  it("marks a long string's change word by word, as Compare does", () => {
    const diff = diffJson(original, {
      ...original,
      messages: [
        original.messages[0],
        { role: 'user', content: original.messages[1]!.content.replace('Paris', 'Lyon') },
      ],
    });
    const change = diff.changes[0];
    expect(change?.kind === 'changed' && change.words?.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'Paris' },
      { kind: 'added', text: 'Lyon' },
    ]);
  });

  it('finds nothing between equal values, and a change of type at its path', () => {
    expect(diffJson(original, structuredClone(original))).toEqual({ changes: [], added: 0, removed: 0, changed: 0 });
    expect(diffJson({ a: [1] }, { a: { 0: 1 } }).changes).toEqual([
      { kind: 'changed', path: 'a', before: [1], after: { 0: 1 } },
    ]);
    expect(diffJson({ 'a-b': 1 }, { 'a-b': 2 }).changes[0]?.path).toBe('["a-b"]');
    expect(diffJson('x', 'y').changes[0]?.path).toBe('$');
  });
});

describe('requestBodyValue', () => {
  it('reads a JSON body as JSON and anything else as its text', () => {
    expect(requestBodyValue({ encoding: 'utf8', data: '{"a":1}' })).toEqual({ a: 1 });
    expect(requestBodyValue({ encoding: 'utf8', data: 'plain words' })).toBe('plain words');
    expect(requestBodyValue({ encoding: 'base64', data: 'AP8=' })).toBe('AP8=');
    expect(requestBodyValue(null)).toBeNull();
  });
});
