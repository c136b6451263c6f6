import { describe, expect, it } from 'vitest';
import type { AssistantMessage, ChatMessage, SystemMessage, ToolMessage } from '../domain/messages';
import { planCompaction } from './compaction-plan';
import { messageUnits, requestView } from '../domain/request-view';
import { estimatePromptTokens } from './tokens/token-estimate';

let n = 0;
const user = (content: string): ChatMessage => ({ id: `u${n++}`, createdAt: 0, role: 'user', content });
const assistant = (content: string, calls: string[] = []): AssistantMessage => ({
  id: `a${n++}`,
  createdAt: 0,
  role: 'assistant',
  content,
  reasoning: '',
  refusal: null,
  status: 'complete',
  runId: 'r',
  turn: 1,
  toolCalls: calls.map((id) => ({ id, name: 'f', arguments: '{}' })),
});
const tool = (callId: string, content: string): ToolMessage => ({
  id: `t${n++}`,
  createdAt: 0,
  role: 'tool',
  toolCallId: callId,
  name: 'f',
  content,
  isError: false,
  outcome: 'ok',
  runId: 'r',
  turn: 1,
});
const estimate = (ms: readonly ChatMessage[]) => estimatePromptTokens({ system: '', messages: ms, tools: [] }).tokens;

function conversation(): ChatMessage[] {
  return [
    user('x'.repeat(400)),
    assistant('', ['c1', 'c2']),
    tool('c1', 'y'.repeat(400)),
    tool('c2', 'y'.repeat(400)),
    assistant('done'),
    user('x'.repeat(400)),
    assistant('z'.repeat(400)),
    user('latest question'),
  ];
}

describe('messageUnits', () => {
  it('keeps an assistant message with its tool results', () => {
    const units = messageUnits(conversation());
    expect(units.map((u) => u.map((m) => m.role).join('+'))).toEqual([
      'user',
      'assistant+tool+tool',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
  });
});

describe('planCompaction', () => {
  it('summarises the fewest oldest units that reach the target, never splitting a call from its result', () => {
    const history = conversation();
    const total = estimate(history);
    const plan = planCompaction(history, {
      fixedTokens: 0,
      estimate,
      targetTokens: total - 150,
      summaryTokens: 20,
      keepLastUnits: 1,
    });
    expect(plan).not.toBeNull();
    // Dropping the first user message (104 tokens) is not enough once the summary's 20 are added; the tool unit must go whole.
    expect(plan?.summarize.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    expect(plan?.keep[0]?.role).toBe('assistant');
    const ids = new Set(plan?.keep.map((m) => m.id));
    for (const m of plan?.keep ?? [])
      if (m.role === 'tool')
        expect(
          history.some(
            (a) => a.role === 'assistant' && ids.has(a.id) && a.toolCalls.some((c) => c.id === m.toolCallId),
          ),
        ).toBe(true);
  });
  it('keeps the protected tail even when the target cannot be reached', () => {
    const history = conversation();
    const plan = planCompaction(history, {
      fixedTokens: 0,
      estimate,
      targetTokens: 1,
      summaryTokens: 0,
      keepLastUnits: 1,
    });
    expect(plan?.keep.map((m) => m.role)).toEqual(['user']);
    expect(plan?.summarize).toHaveLength(history.length - 1);
  });
  it('returns null when only protected units remain', () => {
    expect(
      planCompaction([user('hi')], { fixedTokens: 0, estimate, targetTokens: 1, summaryTokens: 0, keepLastUnits: 1 }),
    ).toBeNull();
  });
});

describe('requestView', () => {
  it('replaces summarised messages with their summary, placed first', () => {
    const history = conversation();
    const covered = history.slice(0, 4).map((m) => m.id);
    const summary: SystemMessage = { id: 's1', createdAt: 1, role: 'system', content: 'summary', summaryOf: covered };
    const view = requestView([...history, summary]);
    expect(view[0]).toBe(summary);
    expect(view.slice(1)).toEqual(history.slice(4));
  });
  it('lets a newer summary replace an older one', () => {
    const history = conversation();
    const s1: SystemMessage = { id: 's1', createdAt: 1, role: 'system', content: 'first', summaryOf: [history[0]!.id] };
    const s2: SystemMessage = {
      id: 's2',
      createdAt: 2,
      role: 'system',
      content: 'second',
      summaryOf: ['s1', ...history.slice(1, 5).map((m) => m.id)],
    };
    const view = requestView([...history, s1, s2]);
    expect(view.map((m) => m.id)).toEqual(['s2', ...history.slice(5).map((m) => m.id)]);
  });
});
