import { describe, expect, it } from 'vitest';
import type { EvalCaseRecord } from '../domain/eval-case';
import { promptfooConfig } from './promptfoo-config';

const c: EvalCaseRecord = {
  id: 'c1', suiteId: 's', name: 'Weather in Paris', createdAt: 1, updatedAt: 1,
  request: {
    model: 'gpt-x', systemPrompt: 'Be brief.', temperature: 0,
    messages: [{ id: 'u', createdAt: 1, role: 'user', content: 'Weather in "Paris"?' }],
    tools: [{ name: 'get_weather', description: 'Weather by city', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
  },
  recorded: [],
  checks: [
    { kind: 'calls_tool', tool: 'get_weather' },
    { kind: 'arguments_match', tool: 'get_weather', schema: { type: 'object', required: ['city'] } },
    { kind: 'answer_contains', text: 'sunny' },
    { kind: 'answer_matches', pattern: '\\d+ °C' },
    { kind: 'max_cost', usd: 0.01 },
  ],
};

describe('promptfoo config', () => {
  const yaml = promptfooConfig('Weather', [c], [{ model: 'mock-a', baseURL: 'http://127.0.0.1:9/v1' }, { model: 'mock-b', baseURL: 'http://127.0.0.1:9/v1' }]);

  it('has one provider per model, with the key read from the environment', () => {
    expect(yaml).toContain('  - id: "openai:chat:mock-a"\n    label: "mock-a"\n    config:\n      apiBaseUrl: "http://127.0.0.1:9/v1"\n      apiKeyEnvar: "TOOLSCOPE_API_KEY"\n      temperature: 0\n');
    expect(yaml).toContain('id: "openai:chat:mock-b"');
    expect(yaml).toContain('name: "get_weather"');
  });

  it('has one test per case with the frozen messages (system prompt first) and an assertion per check', () => {
    expect(yaml).toContain('  - description: "Weather in Paris"\n    vars:\n      messages:\n        - role: "system"\n          content: "Be brief."\n        - role: "user"\n          content: "Weather in \\"Paris\\"?"\n');
    for (const type of ['javascript', 'is-json', 'contains', 'regex', 'cost']) expect(yaml).toContain(`type: "${type}"`);
    expect(yaml).toContain('value: "\\\\d+ °C"');
    expect(yaml).toContain('threshold: 0.01');
    expect(yaml).not.toMatch(/sk-/);
  });
});
