import { describe, expect, it } from 'vitest';
import { findHistoryProblems } from '../domain/history-check';
import type { ChatMessage } from '../domain/messages';
import { fakeExecutor, fakeTool, ok } from './testing/fake-tools';
import { harness } from './testing/harness';
import { scriptedModel, textReply } from './testing/scripted-model';
import type { AccumulatedTurn } from './accumulator';

const history: ChatMessage[] = [{ id: 'u1', createdAt: 1, role: 'user', content: 'Name a colour' }];
const turn = (over: Partial<AccumulatedTurn>): AccumulatedTurn => ({
  text: '',
  reasoning: '',
  refusal: null,
  toolCalls: [],
  finishReason: 'stop',
  usage: null,
  ...over,
});

describe('a run whose first turn is an answer already received (Continue with <model>)', () => {
  it('a text answer becomes the message under the given id and nothing is sent', async () => {
    const model = scriptedModel([textReply(['never'])]);
    const h = harness(model, {
      history,
      userMessage: undefined,
      adopted: { messageId: 'adopted-1', turn: turn({ text: 'Teal.' }) },
    });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(model.requests).toHaveLength(0);
    expect(r.history.at(-1)).toMatchObject({
      id: 'adopted-1',
      role: 'assistant',
      content: 'Teal.',
      status: 'complete',
      turn: 1,
      runId: 'run-1',
    });
    expect(h.events.some((e) => e.type === 'request_started')).toBe(false);
  });

  it('its tool calls run, and the run goes on live with the next request', async () => {
    const tool = fakeTool({ name: 'lookup', run: () => ok('blue') });
    const model = scriptedModel([textReply(['It is blue.'])]);
    const adopted = turn({
      toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{"q":"sky"}' }],
      finishReason: 'tool_calls',
    });
    const h = harness(model, {
      history,
      userMessage: undefined,
      tools: fakeExecutor([tool]),
      adopted: { messageId: 'adopted-1', turn: adopted },
    });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(findHistoryProblems(r.history)).toEqual([]);
    expect(model.requests).toHaveLength(1);
    expect(r.history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(r.history[2]).toMatchObject({ toolCallId: 'c1', content: 'blue' });
    expect(r.history[3]).toMatchObject({ content: 'It is blue.', turn: 2 });
  });

  it("the answer's usage, recorded in the comparison, is the run's usage for that turn (counted once)", async () => {
    const model = scriptedModel([textReply(['never'])]);
    const usage = { promptTokens: 120, completionTokens: 30, totalTokens: 150, estimated: false };
    const h = harness(model, {
      history,
      userMessage: undefined,
      adopted: { messageId: 'adopted-1', turn: turn({ text: 'Teal.', usage }) },
    });
    const r = await h.run();
    expect(r.usage).toMatchObject({ promptTokens: 120, completionTokens: 30, totalTokens: 150 });
    expect(h.events.find((e) => e.type === 'run_finished')).toMatchObject({
      usage: { promptTokens: 120, completionTokens: 30 },
    });
  });
});
