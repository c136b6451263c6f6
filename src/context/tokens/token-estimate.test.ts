import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../domain/messages';
import { counterFrom } from './token-count';
import { estimateTokens, MESSAGE_OVERHEAD_TOKENS } from '../../domain/token-heuristic';
import { calibrationFrom, estimatePromptTokens, openAIEncodingFor, promptTexts } from './token-estimate';

const user = (content: string): ChatMessage => ({ id: 'u', createdAt: 0, role: 'user', content });

describe('estimatePromptTokens', () => {
  it('counts about four characters a token plus overhead per message, and says it is an estimate', () => {
    const n = estimatePromptTokens({ system: '', messages: [user('a'.repeat(400)), user('b'.repeat(8))], tools: [] });
    expect(n).toEqual({ tokens: 100 + 2 + 2 * MESSAGE_OVERHEAD_TOKENS, exact: false });
  });
  it('includes the system prompt, tool calls and tool schemas', () => {
    expect(estimatePromptTokens({ system: '', messages: [], tools: [] }).tokens).toBe(0);
    expect(estimatePromptTokens({ system: 'x'.repeat(40), messages: [], tools: [] }).tokens).toBe(
      10 + MESSAGE_OVERHEAD_TOKENS,
    );
    const assistant: ChatMessage = {
      id: 'a',
      createdAt: 0,
      role: 'assistant',
      content: '',
      reasoning: '',
      refusal: null,
      status: 'complete',
      runId: 'r',
      turn: 1,
      toolCalls: [{ id: 'c', name: 'abcd', arguments: '{"q":"1234"}' }],
    };
    expect(estimatePromptTokens({ system: '', messages: [assistant], tools: [] }).tokens).toBe(
      estimateTokens('abcd{"q":"1234"}') + MESSAGE_OVERHEAD_TOKENS,
    );
    const tools = [{ name: 't', description: 'd', parameters: { type: 'object' } }];
    expect(estimatePromptTokens({ system: '', messages: [], tools }).tokens).toBe(
      estimateTokens(JSON.stringify(tools)),
    );
    // What it counts is what promptTexts lists, so preparing those leaves nothing uncounted.
    expect(promptTexts({ system: 's', messages: [assistant], tools })).toEqual([
      'abcd{"q":"1234"}',
      's',
      JSON.stringify(tools),
    ]);
  });
  it('is exact only when every part is', () => {
    const exactFor = (known: string) => ({
      ...counterFrom((t) => t.length),
      count: (t: string) => ({ tokens: t.length, exact: t === known }),
    });
    expect(estimatePromptTokens({ system: 'sys', messages: [user('hi')], tools: [] }, exactFor('hi')).exact).toBe(
      false,
    );
    expect(estimatePromptTokens({ system: '', messages: [user('hi')], tools: [] }, exactFor('hi'))).toEqual({
      tokens: 2 + MESSAGE_OVERHEAD_TOKENS,
      exact: true,
    });
  });
});

describe('calibration', () => {
  it('is the reported/estimated ratio, clamped', () => {
    expect(calibrationFrom(100, 120)).toBeCloseTo(1.2);
    expect(calibrationFrom(100, 10)).toBe(0.5);
    expect(calibrationFrom(100, 1000)).toBe(3);
    expect(calibrationFrom(0, 50)).toBe(1);
  });
});

describe('openAIEncodingFor', () => {
  it('picks the encoding by model family', () => {
    expect(openAIEncodingFor('gpt-4o-mini')).toBe('o200k_base');
    expect(openAIEncodingFor('openai/gpt-5')).toBe('o200k_base');
    expect(openAIEncodingFor('gpt-3.5-turbo')).toBe('cl100k_base');
    expect(openAIEncodingFor('llama-3.3-70b')).toBeNull();
  });
});
