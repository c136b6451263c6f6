import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from './history-check';
import type { AssistantMessage, ChatMessage, ToolMessage } from './messages';

const user = (content = 'q'): ChatMessage => ({ id: `u-${content}`, createdAt: 0, role: 'user', content });
const system = (content = 's'): ChatMessage => ({ id: `s-${content}`, createdAt: 0, role: 'system', content });
const asst = (...ids: string[]): AssistantMessage => ({
  id: `a-${ids.join()}`,
  createdAt: 0,
  role: 'assistant',
  content: '',
  reasoning: '',
  refusal: null,
  toolCalls: ids.map((id) => ({ id, name: 't', arguments: '{}' })),
  status: 'complete',
  runId: 'r',
  turn: 1,
});
const tool = (id: string): ToolMessage => ({
  id: `t-${id}`,
  createdAt: 0,
  role: 'tool',
  toolCallId: id,
  name: 't',
  content: 'x',
  isError: false,
  outcome: 'ok',
  runId: 'r',
  turn: 1,
});

describe('findHistoryProblems', () => {
  it('accepts answered calls in any order, and plain exchanges', () => {
    expect(findHistoryProblems([])).toEqual([]);
    expect(findHistoryProblems([user(), asst('a', 'b'), tool('b'), tool('a'), asst(), user('2'), asst()])).toEqual([]);
    expect(findHistoryProblems([system(), user(), asst('a'), system('summary'), tool('a')])).toEqual([]);
  });

  it('flags a call left without a result, at the end or before the next message', () => {
    expect(findHistoryProblems([user(), asst('a', 'b'), tool('a')])).toEqual([
      {
        kind: 'unanswered',
        index: 1,
        callIds: ['b'],
        before: 3,
        atEnd: true,
        problem: 'tool call "b" has no tool result',
      },
    ]);
    expect(findHistoryProblems([user(), asst('a'), user('2')])).toEqual([
      {
        kind: 'unanswered',
        index: 1,
        callIds: ['a'],
        before: 2,
        atEnd: false,
        problem: 'tool call "a" has no tool result',
      },
    ]);
    expect(findHistoryProblems([user(), asst('a'), asst('b'), tool('b')])).toHaveLength(1);
  });

  it('flags duplicate answers, orphan results, repeated and empty ids', () => {
    const orphan = (index: number, callId: string) => ({
      kind: 'orphan_result',
      index,
      callId,
      atEnd: false,
      problem: `tool result for "${callId}" answers no open tool call (orphan or duplicate)`,
    });
    expect(findHistoryProblems([user(), asst('a'), tool('a'), tool('a')])).toEqual([orphan(3, 'a')]);
    expect(findHistoryProblems([user(), tool('x')])).toEqual([orphan(1, 'x')]);
    expect(findHistoryProblems([user(), asst('a'), tool('a'), user('2'), tool('a')])).toEqual([orphan(4, 'a')]);
    expect(findHistoryProblems([user(), asst('a', 'a'), tool('a')])).toEqual([
      {
        kind: 'repeated_call_id',
        index: 1,
        callId: 'a',
        atEnd: false,
        problem: 'tool call id "a" appears twice in one message',
      },
    ]);
    expect(findHistoryProblems([user(), asst('')])).toContainEqual({
      kind: 'missing_call_id',
      index: 1,
      atEnd: false,
      problem: 'a tool call has no id',
    });
  });

  it('lists every problem in the order found, an unanswered end last', () => {
    const found = findHistoryProblems([user(), tool('x'), asst('a'), user('2'), asst('b', 'c'), tool('c')]);
    expect(found.map((p) => [p.kind, p.index, p.atEnd])).toEqual([
      ['orphan_result', 1, false],
      ['unanswered', 2, false],
      ['unanswered', 4, true],
    ]);
  });
});
