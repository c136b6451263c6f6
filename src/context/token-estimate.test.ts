import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../agent/messages';
import { calibrationFrom, estimatePromptTokens, heuristicCounter, loadTokenCounter, memoizeCounter, MESSAGE_OVERHEAD_TOKENS, openAIEncodingFor } from './token-estimate';

const user = (content: string): ChatMessage => ({ id: 'u', createdAt: 0, role: 'user', content });

describe('estimatePromptTokens', () => {
  it('counts about four characters a token plus overhead per message', () => {
    const n = estimatePromptTokens({ system: '', messages: [user('a'.repeat(400)), user('b'.repeat(8))], tools: [] });
    expect(n).toBe(100 + 2 + 2 * MESSAGE_OVERHEAD_TOKENS);
  });
  it('includes the system prompt, tool calls and tool schemas', () => {
    const base = estimatePromptTokens({ system: '', messages: [], tools: [] });
    expect(base).toBe(0);
    const withSystem = estimatePromptTokens({ system: 'x'.repeat(40), messages: [], tools: [] });
    expect(withSystem).toBe(10 + MESSAGE_OVERHEAD_TOKENS);
    const assistant: ChatMessage = {
      id: 'a', createdAt: 0, role: 'assistant', content: '', reasoning: '', refusal: null, status: 'complete', runId: 'r', turn: 1,
      toolCalls: [{ id: 'c', name: 'abcd', arguments: '{"q":"1234"}' }],
    };
    expect(estimatePromptTokens({ system: '', messages: [assistant], tools: [] })).toBe(heuristicCounter('abcd{"q":"1234"}') + MESSAGE_OVERHEAD_TOKENS);
    const tools = [{ name: 't', description: 'd', parameters: { type: 'object' } }];
    expect(estimatePromptTokens({ system: '', messages: [], tools })).toBe(heuristicCounter(JSON.stringify(tools)));
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

describe('tokenizer', () => {
  it('picks the encoding by model family', () => {
    expect(openAIEncodingFor('gpt-4o-mini')).toBe('o200k_base');
    expect(openAIEncodingFor('openai/gpt-5')).toBe('o200k_base');
    expect(openAIEncodingFor('gpt-3.5-turbo')).toBe('cl100k_base');
    expect(openAIEncodingFor('llama-3.3-70b')).toBeNull();
  });
  it('counts real tokens for OpenAI models and falls back elsewhere', async () => {
    const real = await loadTokenCounter('gpt-4o');
    expect(real.exact).toBe(true);
    // "hello world" is two tokens in o200k; the heuristic would say 3.
    expect(real.count('hello world')).toBe(2);
    const other = await loadTokenCounter('llama-3.3-70b');
    expect(other.exact).toBe(false);
    expect(other.count('hello world')).toBe(3);
  });
});

describe('memoizeCounter', () => {
  it('counts each distinct text once and stays bounded', () => {
    const seen: string[] = [];
    const count = memoizeCounter((t) => {
      seen.push(t);
      return t.length;
    }, 2);
    expect([count('ab'), count('ab'), count('abc'), count('ab')]).toEqual([2, 2, 3, 2]);
    expect(seen).toEqual(['ab', 'abc']);
    count('x'); // third entry: the cache starts over
    count('ab');
    expect(seen).toEqual(['ab', 'abc', 'x', 'ab']);
  });
});
