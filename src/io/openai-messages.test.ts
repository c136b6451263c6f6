import { describe, expect, it } from 'vitest';
import { fromMessageRecord } from '../db/messages-repo';
import { exportFileName, slugify } from './file-name';
import { toOpenAIMessages } from './openai-messages';
import { fixtureFile } from './test-fixture';

describe('toOpenAIMessages', () => {
  it('turns a history with parallel tool calls into Chat Completions messages', () => {
    const entry = fixtureFile().sessions[0]!;
    const out = toOpenAIMessages(entry.messages.map(fromMessageRecord), entry.session.settings.systemPrompt);
    expect(out.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'assistant', 'tool', 'assistant', 'user', 'assistant']);
    expect(out[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [
        { id: 'call_pAr1s', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
        { id: 'call_t0kY0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Tokyo"}' } },
      ],
    });
    expect(out[4]).toEqual({ role: 'tool', tool_call_id: 'call_t0kY0', content: 'HTTP 503 Service Unavailable: upstream weather provider timed out' });
  });

  it('skips a partial still streaming and keeps a refusal', () => {
    const out = toOpenAIMessages([
      { id: 'a', role: 'assistant', content: '', reasoning: '', refusal: 'I cannot help with that.', toolCalls: [], status: 'complete', runId: 'r', turn: 1, createdAt: 1 },
      { id: 'b', role: 'assistant', content: 'half', reasoning: '', refusal: null, toolCalls: [], status: 'streaming', runId: 'r', turn: 2, createdAt: 2 },
    ]);
    expect(out).toEqual([{ role: 'assistant', content: '', refusal: 'I cannot help with that.' }]);
  });
});

describe('exportFileName', () => {
  const when = new Date('2026-11-22T10:30:59Z');
  it('says what and when', () => {
    expect(exportFileName({ kind: 'session', title: 'Weather in Paris & Tokyo!' }, when)).toBe('toolscope-weather-in-paris-tokyo-2026-11-22T10-30.json');
    expect(exportFileName({ kind: 'all', count: 12 }, when)).toBe('toolscope-all-12-sessions-2026-11-22T10-30.json');
    expect(exportFileName({ kind: 'selection', count: 1 }, when)).toBe('toolscope-1-session-2026-11-22T10-30.json');
    expect(exportFileName({ kind: 'openai', title: 'Café' }, when)).toBe('toolscope-cafe-openai-messages-2026-11-22T10-30.json');
  });
  it('falls back when the title has no usable characters', () => {
    expect(slugify('日本語')).toBe('session');
  });
});
