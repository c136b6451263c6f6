import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../domain/loop-config';
import type { ChatMessage } from '../domain/messages';
import { buildRequest, toWireMessages, toWireTools } from './to-wire';

const base = { createdAt: 0, runId: 'r', turn: 1 };

describe('toWireMessages', () => {
  it('maps every role and puts the system prompt first', () => {
    const history: ChatMessage[] = [
      { id: 's', createdAt: 0, role: 'system', content: 'summary of earlier talk', summaryOf: ['x'] },
      { id: 'u', createdAt: 0, role: 'user', content: 'hi' },
      { ...base, id: 'a', role: 'assistant', content: 'calling', reasoning: 'secret thoughts', refusal: null, toolCalls: [{ id: 'c', name: 'f', arguments: '{"a":1}' }], status: 'complete' },
      { ...base, id: 't', role: 'tool', toolCallId: 'c', name: 'f', content: '42', isError: false, outcome: 'ok' },
    ];
    expect(toWireMessages(history, 'You are terse.')).toEqual([
      { role: 'system', content: 'You are terse.' },
      { role: 'system', content: 'summary of earlier talk' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'calling', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] },
      { role: 'tool', tool_call_id: 'c', content: '42' },
    ]);
  });

  it('skips an assistant message with nothing to say and sends a refusal as text', () => {
    const empty: ChatMessage = { ...base, id: 'a', role: 'assistant', content: '', reasoning: 'only thinking', refusal: null, toolCalls: [], status: 'cancelled' };
    const refusal: ChatMessage = { ...base, id: 'b', role: 'assistant', content: '', reasoning: '', refusal: 'No.', toolCalls: [], status: 'complete' };
    expect(toWireMessages([empty, refusal])).toEqual([{ role: 'assistant', content: 'No.' }]);
  });
});

describe('buildRequest', () => {
  it('streams with usage, omits tools when there are none and temperature when unset', () => {
    const req = buildRequest({ ...DEFAULT_CONFIG, model: 'm' }, [{ role: 'user', content: 'x' }], []);
    expect(req).toEqual({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true, stream_options: { include_usage: true } });
  });
  it('includes tools as function tools', () => {
    const tools = toWireTools([{ name: 'f', description: 'd', parameters: { type: 'object' } }]);
    const req = buildRequest({ ...DEFAULT_CONFIG, model: 'm', temperature: 0 }, [], tools);
    expect(req.tools).toEqual([{ type: 'function', function: { name: 'f', description: 'd', parameters: { type: 'object' } } }]);
    expect(req.temperature).toBe(0);
  });
  it('sends top_p only when the session sets it', () => {
    expect(buildRequest({ ...DEFAULT_CONFIG, model: 'm', topP: 0.25 }, [], []).top_p).toBe(0.25);
    expect(buildRequest({ ...DEFAULT_CONFIG, model: 'm' }, [], [])).not.toHaveProperty('top_p');
  });
});
