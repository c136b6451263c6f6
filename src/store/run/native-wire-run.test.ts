import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../../e2e/server/mock-server';
import type { ToolCallsStep } from '../../../e2e/server/types';
import { DEFAULT_CONFIG } from '../../domain/loop-config';
import type { AssistantMessage, ChatMessage } from '../../domain/messages';
import { runAgent } from '../../agent/loop';
import type { LoopEvent } from '../../agent/events';
import type { RunInput } from '../../agent/run-input';
import { fakeExecutor, fakeTool, ok } from '../../agent/testing/fake-tools';
import type { ApiFormat } from '../../domain/session';
import { writeSummary } from '../../context/compactor';
import { runModelClient } from './lazy-model-client';

// The whole path of an Anthropic or Gemini run over real sockets: the lazy client, the body built from the
// conversation, the SSE reader, the format's reducer, the loop and its tool executor (docs/wire-formats.md).
let mock: MockServer;
beforeAll(async () => {
  mock = await startMockServer();
});
afterAll(() => mock.close());
beforeEach(() => {
  mock.reset();
  mock.configure({ apiKey: undefined });
});

const weather = () => fakeTool({ name: 'get_weather', required: { city: 'string' }, run: () => ok('21 C and sunny') });

function run(format: 'anthropic' | 'gemini', model: string) {
  const events: LoopEvent[] = [];
  let id = 0;
  const tool = weather();
  const input: RunInput = {
    runId: 'run-1',
    sessionId: 'session-1',
    history: [],
    userMessage: 'Weather in Paris?',
    config: { ...DEFAULT_CONFIG, model, maxRetries: 0 },
    model: runModelClient({
      apiKey: 'test-key',
      baseURL: mock.origin,
      wire: { format: format satisfies ApiFormat, providerTools: [], providerStorage: false, thinkingBudget: 2048 },
    }),
    tools: fakeExecutor([tool]),
    signal: new AbortController().signal,
    emit: (e) => events.push(e),
    now: () => 1_700_000_000_000 + id,
    sleep: () => Promise.resolve(),
    random: () => 0.5,
    newId: () => `id-${++id}`,
  };
  return { events, tool, result: runAgent(input) };
}

const TOOL_STEP: ToolCallsStep = {
  kind: 'tool_calls',
  reasoning: 'The user wants the weather. I will call the tool.',
  text: 'Let me look.',
  calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
};

const assistants = (history: readonly ChatMessage[]) =>
  history.filter((m): m is AssistantMessage => m.role === 'assistant');

type Body = Record<string, unknown>;
const bodyOf = (n: number): Body => {
  const request = mock.requests[n];
  if (!request) throw new Error(`no request ${n}`);
  return request.body as Body;
};

describe('an Anthropic Messages run against the mock server', () => {
  it('sends the signed thinking block back first and byte-equal, and stores the reply as wireParts', async () => {
    mock.script([TOOL_STEP, { kind: 'text', content: 'It is sunny in Paris.' }]);
    const { tool, result } = run('anthropic', 'mock-claude');
    const done = await result;
    expect(done.error).toBeUndefined();
    expect(done.stopReason).toBe('complete');
    expect(tool.calls.map((c) => c.args)).toEqual([{ city: 'Paris' }]);
    expect(mock.requests.map((r) => r.path)).toEqual(['/v1/messages', '/v1/messages']);

    const [first, second] = assistants(done.history);
    expect(first?.wireParts?.format).toBe('anthropic');
    expect(first?.wireParts?.model).toBe('mock-claude');
    const thinking = first?.wireParts?.parts[0];
    expect(thinking?.type).toBe('thinking');
    expect(thinking?.signature).toEqual(expect.stringMatching(/^mocksig_/));
    // The mock refuses a tool-loop turn whose thinking is missing or changed; this is what it accepted.
    const sent = (bodyOf(1).messages as { role: string; content: unknown[] }[])[1];
    expect(sent?.role).toBe('assistant');
    expect(JSON.stringify(sent?.content[0])).toBe(JSON.stringify(thinking));
    expect(JSON.stringify(sent?.content)).toBe(JSON.stringify(first?.wireParts?.parts));
    expect(bodyOf(1).thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
    expect(second?.content).toBe('It is sunny in Paris.');
    expect(second?.wireParts?.parts.map((p) => p.type)).toEqual(['text']);
    // The mock reports both cache counts (as zeros): they reach the run's usage, written apart from read.
    expect(done.usage.cacheWriteTokens).toBe(0);
    expect(done.usage.cachedTokens).toBe(0);
  });

  it('ends the run as an error in the provider words when an `event: error` arrives mid-stream', async () => {
    mock.script([{ kind: 'stream_error', style: 'event', message: 'Overloaded right now', textBefore: 'Partial' }]);
    const done = await run('anthropic', 'mock-claude').result;
    expect(done.stopReason).toBe('error');
    expect(done.error?.message).toContain('Overloaded right now');
  });
});

describe('a Gemini run against the mock server', () => {
  it('sends each thoughtSignature back on its part, and stores the reply as wireParts', async () => {
    mock.script([TOOL_STEP, { kind: 'text', content: 'It is sunny in Paris.' }]);
    const { tool, result } = run('gemini', 'gemini-3-pro-preview');
    const done = await result;
    expect(done.error).toBeUndefined();
    expect(done.stopReason).toBe('complete');
    expect(tool.calls.map((c) => c.args)).toEqual([{ city: 'Paris' }]);
    expect(mock.requests.map((r) => r.path)).toEqual([
      '/v1beta/models/gemini-3-pro-preview:streamGenerateContent',
      '/v1beta/models/gemini-3-pro-preview:streamGenerateContent',
    ]);

    const [first, second] = assistants(done.history);
    expect(first?.wireParts?.format).toBe('gemini');
    const parts = first?.wireParts?.parts ?? [];
    const signed = parts.filter((p) => typeof p.thoughtSignature === 'string');
    expect(signed.length).toBeGreaterThan(0);
    expect(parts.some((p) => p.functionCall !== undefined && typeof p.thoughtSignature === 'string')).toBe(true);
    // The mock refuses a call sent back without its signature or with it moved; this is what it accepted.
    const sent = (bodyOf(1).contents as { role: string; parts: unknown[] }[])[1];
    expect(sent?.role).toBe('model');
    expect(JSON.stringify(sent?.parts)).toBe(JSON.stringify(parts));
    expect(bodyOf(1).generationConfig).toEqual({ thinkingConfig: { thinkingBudget: 2048, includeThoughts: true } });
    expect(second?.content).toBe('It is sunny in Paris.');
    expect(second?.wireParts?.format).toBe('gemini');
    // Gemini's mock reports no cached tokens, so the run's usage claims none.
    expect(done.usage.cachedTokens).toBeUndefined();
    expect(done.usage.cacheWriteTokens).toBeUndefined();
  });

  it('ends the run as an error in the provider words when an error chunk arrives mid-stream', async () => {
    mock.script([{ kind: 'stream_error', message: 'The model is overloaded', textBefore: 'Partial' }]);
    const done = await run('gemini', 'gemini-3-pro-preview').result;
    expect(done.stopReason).toBe('error');
    expect(done.error?.message).toContain('The model is overloaded');
  });
});

describe('a compaction summary in either format', () => {
  for (const [format, model] of [
    ['anthropic', 'mock-claude'],
    ['gemini', 'gemini-3-pro-preview'],
  ] as const) {
    it(`${format}: goes as the summary request's system and user text, folded by the format's reducer`, async () => {
      mock.script([{ kind: 'text', content: 'They asked about the weather.' }]);
      const client = runModelClient({
        apiKey: 'test-key',
        baseURL: mock.origin,
        wire: { format, providerTools: [], providerStorage: false },
      });
      const history: ChatMessage[] = [{ id: 'u1', createdAt: 1, role: 'user', content: 'Weather in Paris?' }];
      const summary = await writeSummary(client, model, history, new AbortController().signal);
      expect(summary.text).toBe('They asked about the weather.');
      expect(summary.usage.estimated).toBe(false);
      const sent = JSON.stringify(bodyOf(0));
      expect(sent).toContain('You compress conversations.');
      expect(sent).toContain('Weather in Paris?');
    });
  }
});
