import { describe, expect, it } from 'vitest';
import type { AssistantMessage } from '../../domain/messages';
import { resumeInput } from './resume-pause';

const message: AssistantMessage = {
  id: 'a1',
  createdAt: 1,
  role: 'assistant',
  content: 'Two calls.',
  reasoning: '',
  refusal: null,
  status: 'complete',
  runId: 'r0',
  turn: 1,
  toolCalls: [
    { id: 'c1', name: 't', arguments: '{}' },
    { id: 'c2', name: 't', arguments: '{"x":1}' },
  ],
};

describe('resumeInput: a run picked up at the pause a reload cut off', () => {
  it('at a request: the stored history as it is, the decision given back at the same point', () => {
    const point = { at: 'request' as const, turn: 2, body: '{}' };
    const r = resumeInput({
      pause: { runId: 'r0', point, answered: new Map() },
      decision: { action: 'continue', edited: '{"model":"m","messages":[]}' },
    });
    expect(r.input).toEqual({});
    expect(r.primed).toEqual({ point, decision: { action: 'continue', edited: '{"model":"m","messages":[]}' } });
  });

  it('before a call: the stored message adopted without usage, finished calls answered, the decision primed for that call', () => {
    const point = { at: 'before_tool' as const, turn: 1, callId: 'c2', name: 't', arguments: '{"x":1}' };
    const answered = new Map([['c1', { content: 'one', outcome: 'ok' as const, isError: false }]]);
    const r = resumeInput({ pause: { runId: 'r0', point, message, answered }, decision: { action: 'step' } });
    expect(r.input.adopted).toEqual({
      messageId: 'a1',
      turn: {
        text: 'Two calls.',
        reasoning: '',
        refusal: null,
        toolCalls: message.toolCalls,
        finishReason: 'tool_calls',
        usage: null,
      },
    });
    expect([...(r.input.answered ?? [])]).toEqual([['c1', { content: 'one', outcome: 'ok', isError: false }]]);
    expect(r.primed).toEqual({ point, decision: { action: 'step' } });
  });

  it('after a call: that call is answered with its result as the person left it, marked edited, and not run again', () => {
    const point = {
      at: 'after_tool' as const,
      turn: 1,
      callId: 'c1',
      name: 't',
      arguments: '{}',
      result: 'real',
      isError: false,
    };
    const r = resumeInput({
      pause: { runId: 'r0', point, message, answered: new Map() },
      decision: { action: 'continue', edited: 'changed' },
    });
    expect(r.input.answered?.get('c1')).toEqual({
      content: 'changed',
      outcome: 'ok',
      isError: false,
      edits: [{ kind: 'result', original: 'real' }],
    });
    expect(r.primed).toBeNull();
    const unchanged = resumeInput({
      pause: { runId: 'r0', point, message, answered: new Map() },
      decision: { action: 'continue' },
    });
    expect(unchanged.input.answered?.get('c1')).toEqual({ content: 'real', outcome: 'ok', isError: false });
  });
});
