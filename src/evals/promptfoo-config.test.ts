import { describe, expect, it } from 'vitest';
import type { EvalCaseRecord } from '../domain/eval-case';
import { ONE_STEP_NOTE, promptfooConfig } from './promptfoo-config';

const c: EvalCaseRecord = {
  id: 'c1',
  suiteId: 's',
  name: 'Weather in Paris',
  createdAt: 1,
  updatedAt: 1,
  request: {
    model: 'gpt-x',
    systemPrompt: 'Be brief.',
    temperature: 0,
    messages: [{ id: 'u', createdAt: 1, role: 'user', content: 'Weather in "Paris"?' }],
    tools: [
      {
        name: 'get_weather',
        description: 'Weather by city',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    ],
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

const plain: EvalCaseRecord = {
  ...c,
  id: 'c2',
  name: 'Plain answer',
  request: {
    model: 'gpt-x',
    maxOutputTokens: 200,
    messages: [{ id: 'u2', createdAt: 1, role: 'user', content: 'Hi' }],
    tools: [],
  },
  checks: [{ kind: 'answer_contains', text: 'hello' }],
};

describe('promptfoo config', () => {
  const yaml = promptfooConfig(
    'Weather',
    [c, plain],
    [
      { model: 'mock-a', baseURL: 'http://127.0.0.1:9/v1' },
      { model: 'mock-b', baseURL: 'http://127.0.0.1:9/v1' },
    ],
    { repeats: 1, ownBaseURL: 'http://127.0.0.1:9/v1' },
  );

  it('has one provider per model, with the key read from the environment', () => {
    expect(yaml).toContain(
      '  - id: "openai:chat:mock-a"\n    label: "mock-a"\n    config:\n      apiBaseUrl: "http://127.0.0.1:9/v1"\n      apiKeyEnvar: "TOOLSCOPE_API_KEY"\n',
    );
    expect(yaml).toContain('id: "openai:chat:mock-b"');
    expect(yaml).not.toMatch(/sk-/);
  });

  it("gives each case its own temperature, max tokens and tools, not the first case's", () => {
    expect(yaml).toContain(
      '  - label: "case-1"\n    raw: "{{ messages | dump }}"\n    config:\n      temperature: 0\n      tools:\n        - type: "function"\n          function:\n            name: "get_weather"\n',
    );
    expect(yaml).toContain(
      '  - label: "case-2"\n    raw: "{{ messages | dump }}"\n    config:\n      max_tokens: 200\n',
    );
    expect(yaml).toContain('  - description: "Weather in Paris"\n    prompts:\n      - "case-1"\n');
    expect(yaml).toContain('  - description: "Plain answer"\n    prompts:\n      - "case-2"\n');
  });

  it('has one test per case with the frozen messages (system prompt first) and an assertion per check, all five kinds', () => {
    expect(yaml).toContain(
      '    vars:\n      messages:\n        - role: "system"\n          content: "Be brief."\n        - role: "user"\n          content: "Weather in \\"Paris\\"?"\n',
    );
    for (const type of ['javascript', 'is-json', 'contains', 'regex', 'cost'])
      expect(yaml).toContain(`type: "${type}"`);
    expect(yaml).toContain('value: "\\\\d+ °C"');
    expect(yaml).toContain('threshold: 0.01');
  });

  it('says that promptfoo grades one step and the page the whole run', () => {
    expect(yaml).toContain(`# ${ONE_STEP_NOTE}`);
    expect(yaml).toContain('grades: "one step of a run that may call tools"');
    expect(yaml).toContain('grades: "one step"');
  });

  it('runs each test once unless asked to repeat', () => {
    expect(yaml).not.toContain('evaluateOptions');
  });

  it("writes Repeats as promptfoo's repeat and a judge as an llm-rubric assertion with the judge model as its provider", () => {
    const judged: EvalCaseRecord = {
      ...plain,
      id: 'c3',
      name: 'Judged',
      checks: [
        { kind: 'judge', question: 'Does it greet?', judgeModel: 'judge-m', threshold: 0.7 },
        { kind: 'judge', question: 'Is it short?', judgeModel: 'other-j @ http://127.0.0.1:8/v1', threshold: 0.5 },
      ],
    };
    const text = promptfooConfig('J', [judged], [{ model: 'mock-a', baseURL: 'http://127.0.0.1:9/v1' }], {
      repeats: 3,
      ownBaseURL: 'http://127.0.0.1:9/v1',
    });
    expect(text).toContain('evaluateOptions:\n  repeat: 3\n');
    expect(text).toContain(
      '      - type: "llm-rubric"\n        value: "Does it greet?"\n        threshold: 0.7\n        provider:\n          id: "openai:chat:judge-m"\n          config:\n            apiBaseUrl: "http://127.0.0.1:9/v1"\n            apiKeyEnvar: "TOOLSCOPE_API_KEY"\n',
    );
    expect(text).toContain(
      '          id: "openai:chat:other-j"\n          config:\n            apiBaseUrl: "http://127.0.0.1:8/v1"\n',
    );
  });

  it("a judge on a Claude or Gemini endpoint is promptfoo's Anthropic or Google provider, as its endpoint speaks", () => {
    const judged: EvalCaseRecord = {
      ...plain,
      id: 'c4',
      name: 'Judged natively',
      checks: [
        { kind: 'judge', question: 'Claude?', judgeModel: 'claude-j @ http://127.0.0.1:7', threshold: 0.5 },
        {
          kind: 'judge',
          question: 'Gemini?',
          judgeModel: 'gemini-j @ https://generativelanguage.googleapis.com',
          threshold: 0.5,
        },
      ],
    };
    const formats: Record<string, 'anthropic' | 'gemini'> = {
      'http://127.0.0.1:7': 'anthropic',
      'https://generativelanguage.googleapis.com': 'gemini',
    };
    const text = promptfooConfig('J', [judged], [{ model: 'mock-a', baseURL: 'http://127.0.0.1:9/v1' }], {
      repeats: 1,
      ownBaseURL: 'http://127.0.0.1:9/v1',
      wireOf: (url) => ({ format: formats[url] ?? 'chat' }),
    });
    expect(text).toContain(
      '          id: "anthropic:messages:claude-j"\n          config:\n            apiBaseUrl: "http://127.0.0.1:7"\n',
    );
    // Google's own endpoint: promptfoo's default base, none written.
    expect(text).toContain('          id: "google:gemini-j"\n          config: {}\n');
    expect(text).not.toContain('openai:chat:claude-j');
    // The run line names every key the file needs: the models' and the judges'.
    expect(text.split('\n')[0]).toContain('TOOLSCOPE_API_KEY=<key> ANTHROPIC_API_KEY=<key> GOOGLE_API_KEY=<key>');
  });
});
