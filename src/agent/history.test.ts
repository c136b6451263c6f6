import { describe, expect, it } from 'vitest';
import { validateHistory } from './history';
import type { AssistantMessage, ChatMessage, ToolMessage } from '../domain/messages';

const user = (content = 'q'): ChatMessage => ({ id: `u-${content}`, createdAt: 0, role: 'user', content });
const asst = (...ids: string[]): AssistantMessage => ({
  id: `a-${ids.join()}`, createdAt: 0, role: 'assistant', content: '', reasoning: '', refusal: null,
  toolCalls: ids.map((id) => ({ id, name: 't', arguments: '{}' })), status: 'complete', runId: 'r', turn: 1,
});
const tool = (id: string): ToolMessage => ({
  id: `t-${id}`, createdAt: 0, role: 'tool', toolCallId: id, name: 't', content: 'x', isError: false, outcome: 'ok', runId: 'r', turn: 1,
});

describe('validateHistory', () => {
  it('accepts answered calls in any order, and plain exchanges', () => {
    expect(validateHistory([])).toEqual([]);
    expect(validateHistory([user(), asst('a', 'b'), tool('b'), tool('a'), asst(), user('2'), asst()])).toEqual([]);
  });

  it('flags a call left without a result, at the end or before the next message', () => {
    expect(validateHistory([user(), asst('a', 'b'), tool('a')])).toEqual(['tool call b of message #1 has no result before the end of the history']);
    expect(validateHistory([user(), asst('a'), user('2')])).toHaveLength(1);
    expect(validateHistory([user(), asst('a'), asst('b'), tool('b')])).toHaveLength(1);
  });

  it('flags duplicate answers, orphan results, repeated and empty ids', () => {
    expect(validateHistory([user(), asst('a'), tool('a'), tool('a')])).toEqual(['tool call a is answered more than once (message #3)']);
    expect(validateHistory([user(), tool('x')])).toHaveLength(1);
    expect(validateHistory([user(), asst('a'), tool('a'), user('2'), tool('a')])).toHaveLength(1);
    expect(validateHistory([user(), asst('a', 'a'), tool('a')])).toEqual(['message #1 repeats tool call id a']);
    expect(validateHistory([user(), asst('')])).toContain('message #1 has a tool call without an id');
  });
});
