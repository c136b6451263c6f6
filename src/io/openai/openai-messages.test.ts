import { describe, expect, it } from 'vitest';
import { fromMessageRecord } from '../../db/messages-repo';
import { toOpenAIMessages } from './openai-messages';
import { fixtureFile } from '../testing/export-fixture';

describe('toOpenAIMessages', () => {
  it('turns a history with parallel tool calls into Chat Completions messages', () => {
    const entry = fixtureFile().sessions[0]!;
    const out = toOpenAIMessages(entry.messages.map(fromMessageRecord), entry.session.settings.systemPrompt);
    expect(out.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(out[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_pAr1s', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        { id: 'call_t0kY0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Tokyo"}' } },
      ],
    });
    expect(out[4]).toEqual({
      role: 'tool',
      tool_call_id: 'call_t0kY0',
      content: 'HTTP 503 Service Unavailable: upstream weather provider timed out',
    });
  });

  it('skips a partial still streaming and keeps a refusal', () => {
    const out = toOpenAIMessages([
      {
        id: 'a',
        role: 'assistant',
        content: '',
        reasoning: '',
        refusal: 'I cannot help with that.',
        toolCalls: [],
        status: 'complete',
        runId: 'r',
        turn: 1,
        createdAt: 1,
      },
      {
        id: 'b',
        role: 'assistant',
        content: 'half',
        reasoning: '',
        refusal: null,
        toolCalls: [],
        status: 'streaming',
        runId: 'r',
        turn: 2,
        createdAt: 2,
      },
    ]);
    expect(out).toEqual([{ role: 'assistant', content: '', refusal: 'I cannot help with that.' }]);
  });
});
