import { describe, expect, it } from 'vitest';
import type { EvalCaseRecord } from '../domain/eval-case';
import { promptfooConfig } from './promptfoo-config';
import { promptfooTarget, providerEntry } from './promptfoo-providers';

const noTools = { providerTools: [], providerStorage: false } as const;

// A step after a tool loop: the person's question, the model's call, its result.
const looped: EvalCaseRecord = {
  id: 'c1',
  suiteId: 's',
  name: 'Paris answer',
  createdAt: 1,
  updatedAt: 1,
  request: {
    model: 'claude-x',
    systemPrompt: 'Be brief.',
    maxOutputTokens: 200,
    messages: [
      { id: 'u', createdAt: 1, role: 'user', content: 'Weather in Paris?' },
      {
        id: 'a',
        createdAt: 2,
        role: 'assistant',
        content: '',
        reasoning: '',
        refusal: null,
        status: 'complete',
        runId: 'r',
        turn: 1,
        toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
      },
      {
        id: 't',
        createdAt: 3,
        role: 'tool',
        toolCallId: 'call_1',
        name: 'get_weather',
        content: '{"temp_c":18}',
        isError: false,
        outcome: 'ok',
        runId: 'r',
        turn: 1,
      },
    ],
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
  ],
};

describe("promptfoo's provider for each API", () => {
  it("speaks Anthropic Messages through promptfoo's Anthropic provider, its names for the limit and thinking", () => {
    const t = promptfooTarget('claude-x', 'http://127.0.0.1:9/v1', {
      format: 'anthropic',
      ...noTools,
      maxOutputTokens: 2048,
      thinkingBudget: 1024,
    });
    expect(providerEntry(t)).toEqual({
      id: 'anthropic:messages:claude-x',
      label: 'claude-x',
      config: {
        apiBaseUrl: 'http://127.0.0.1:9',
        max_tokens: 2048,
        thinking: { type: 'enabled', budget_tokens: 1024 },
      },
    });
    // Anthropic's own endpoint is promptfoo's default: no base URL written.
    const own = providerEntry(
      promptfooTarget('claude-x', 'https://api.anthropic.com/v1/', { format: 'anthropic', ...noTools }),
    );
    expect(own).toEqual({ id: 'anthropic:messages:claude-x', label: 'claude-x', config: {} });
  });

  it("speaks Gemini through promptfoo's Google provider, the limit and thinking budget under Gemini's names", () => {
    const t = promptfooTarget('gemini-3-pro', 'http://127.0.0.1:9/v1beta', {
      format: 'gemini',
      ...noTools,
      maxOutputTokens: 4000,
      thinkingBudget: 512,
    });
    expect(providerEntry(t)).toEqual({
      id: 'google:gemini-3-pro',
      label: 'gemini-3-pro',
      config: {
        apiBaseUrl: 'http://127.0.0.1:9',
        maxOutputTokens: 4000,
        generationConfig: { thinkingConfig: { thinkingBudget: 512 } },
      },
    });
    const own = providerEntry(
      promptfooTarget('gemini-3-pro', 'https://generativelanguage.googleapis.com', { format: 'gemini', ...noTools }),
    );
    expect(own).toEqual({ id: 'google:gemini-3-pro', label: 'gemini-3-pro', config: {} });
  });

  it('keeps Chat Completions and Responses endpoints on the OpenAI provider', () => {
    for (const format of ['chat', 'responses'] as const)
      expect(providerEntry(promptfooTarget('gpt-x', 'http://127.0.0.1:9/v1', { format, ...noTools })).id).toBe(
        'openai:chat:gpt-x',
      );
  });
});

describe('a suite exported across APIs', () => {
  const yaml = promptfooConfig(
    'Mixed',
    [looped],
    [
      promptfooTarget('gpt-x', 'http://127.0.0.1:9/v1', { format: 'chat', ...noTools }),
      promptfooTarget('claude-x', 'http://127.0.0.1:9/v1', { format: 'anthropic', ...noTools }),
      promptfooTarget('gemini-x', 'http://127.0.0.1:9', { format: 'gemini', ...noTools }),
    ],
    { repeats: 1, ownBaseURL: 'http://127.0.0.1:9/v1' },
  );

  it("gives each API its own prompt of the case, each provider only its own API's, and names each key variable", () => {
    expect(yaml).toMatch(
      /^# .*Run: TOOLSCOPE_API_KEY=<key> ANTHROPIC_API_KEY=<key> GOOGLE_API_KEY=<key> npx promptfoo/,
    );
    expect(yaml).toContain('  - label: "case-1:openai"\n    raw: "{{ messages | dump }}"\n');
    expect(yaml).toContain(
      '  - label: "case-1:anthropic"\n    raw: "{{ anthropic_messages | dump }}"\n    config:\n      max_tokens: 200\n      tools:\n        - name: "get_weather"\n          description: "Weather by city"\n          input_schema:\n',
    );
    expect(yaml).toContain(
      '  - label: "case-1:google"\n    raw: "{{ gemini_request | dump }}"\n    config:\n      maxOutputTokens: 200\n      tools:\n        - functionDeclarations:\n',
    );
    expect(yaml).toContain(
      '  - id: "anthropic:messages:claude-x"\n    label: "claude-x"\n    config:\n      apiBaseUrl: "http://127.0.0.1:9"\n    prompts:\n      - "case-1:anthropic"\n',
    );
    expect(yaml).toContain(
      '  - id: "google:gemini-x"\n    label: "gemini-x"\n    config:\n      apiBaseUrl: "http://127.0.0.1:9"\n    prompts:\n      - "case-1:google"\n',
    );
    expect(yaml).toContain('    prompts:\n      - "case-1:openai"\n');
    // The test names the case's prompt, which promptfoo matches with every "case-1:<api>" under it.
    expect(yaml).toContain('  - description: "Paris answer"\n    prompts:\n      - "case-1"\n');
  });

  it("holds the frozen messages in each API's own shape: Anthropic's blocks after a system entry, Gemini's contents", () => {
    expect(yaml).toContain('      anthropic_messages:\n        - role: "system"\n          content: "Be brief."\n');
    expect(yaml).toMatch(/type: "tool_use"\n\s+id: "call_1"\n\s+name: "get_weather"\n\s+input:\n\s+city: "Paris"/);
    expect(yaml).toMatch(/type: "tool_result"\n\s+tool_use_id: "call_1"/);
    expect(yaml).toMatch(/gemini_request:\n\s+system_instruction:\n\s+parts:\n\s+- text: "Be brief."\n\s+contents:/);
    expect(yaml).toMatch(/functionCall:\n\s+name: "get_weather"/);
    expect(yaml).toMatch(/functionResponse:\n\s+name: "get_weather"/);
  });

  // The assertions run inside promptfoo on each provider's `output`: run them here on the outputs promptfoo's OpenAI,
  // Anthropic (dist/src/util-*.js, outputFromMessage) and Google (formatCandidateContents) providers give.
  const script = (type: string) => {
    const line = yaml.split('\n').find((l) => l.includes('(() => {') && l.includes(type));
    const value = line ? (JSON.parse(line.slice(line.indexOf('"'))) as string) : '';
    return new Function('output', `return ${value};`) as (output: unknown) => unknown;
  };
  const openai = [{ type: 'function', id: 'c', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }];
  const anthropic = `Let me look.\n\n${JSON.stringify({ type: 'tool_use', id: 't', name: 'get_weather', input: { city: 'Paris' } })}`;
  const anthropicOnly = JSON.stringify({ type: 'tool_use', id: 't', name: 'get_weather', input: { city: 'Paris' } });
  const google = [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'sig' }];

  it("finds the tool call in every provider's output, and its arguments", () => {
    const calls = script('calls.some');
    const args = script('calls.find');
    for (const output of [openai, anthropic, anthropicOnly, google]) {
      expect(calls(output)).toBe(true);
      expect(JSON.parse(String(args(output)))).toEqual({ city: 'Paris' });
    }
    for (const output of ['It is 18 °C.', [{ text: 'It is 18 °C.' }], 'Sunny.\n\nMild.']) {
      expect(calls(output)).toBe(false);
      expect(args(output)).toBe('no call to get_weather');
    }
  });
});
