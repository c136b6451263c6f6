import { afterEach, describe, expect, it, vi } from 'vitest';
import { findHistoryProblems } from '../domain/history-check';
import type { AssistantMessage, ChatMessage } from '../domain/messages';
import { fakeExecutor, fakeTool, ok } from './testing/fake-tools';
import { harness, roles, toolResults, types } from './testing/harness';
import { chunk, scriptedModel, textReply, toolCallsReply } from './testing/scripted-model';

afterEach(() => {
  vi.useRealTimers();
});

const lastAssistant = (h: ChatMessage[]) => h.filter((m): m is AssistantMessage => m.role === 'assistant').at(-1);

describe('runAgent: the basic loop', () => {
  it('answers a text-only prompt in one request and completes', async () => {
    const model = scriptedModel([textReply(['Hel', 'lo!'])]);
    const h = harness(model);
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(roles(r.history)).toEqual(['user', 'assistant']);
    expect(lastAssistant(r.history)).toMatchObject({
      content: 'Hello!',
      status: 'complete',
      toolCalls: [],
      turn: 1,
      runId: 'run-1',
    });
    expect(findHistoryProblems(r.history)).toEqual([]);
    expect(r.usage).toEqual({ promptTokens: 10, completionTokens: 5, totalTokens: 15, estimated: false });
    expect(types(h.events)).toEqual([
      'run_started',
      'message_appended',
      'request_started',
      'first_token',
      'text_delta',
      'text_delta',
      'request_finished',
      'message_appended',
      'run_finished',
    ]);
    expect(h.events.map((e) => e.seq)).toEqual(h.events.map((_, i) => i));
    expect(h.events.every((e) => e.runId === 'run-1')).toBe(true);
    // The injected clock ticks once per read: times rise strictly.
    expect(h.events.map((e) => e.t)).toEqual([...h.events.map((e) => e.t)].sort((a, b) => a - b));
  });

  it('builds the request from the full history, with tools, usage in the stream, and the system prompt on the wire only', async () => {
    const add = fakeTool({ name: 'add', required: { a: 'number' } });
    const model = scriptedModel([textReply(['ok'])]);
    const history: ChatMessage[] = [
      { id: 'u0', createdAt: 0, role: 'user', content: 'earlier' },
      {
        id: 'a0',
        createdAt: 0,
        role: 'assistant',
        content: 'before',
        reasoning: '',
        refusal: null,
        toolCalls: [],
        status: 'complete',
        runId: 'r0',
        turn: 1,
      },
    ];
    const r = await harness(model, {
      history,
      tools: fakeExecutor([add]),
      systemPrompt: 'Be brief.',
      config: { temperature: 0.2 },
    }).run();
    const req = model.requests[0];
    expect(req).toMatchObject({
      model: 'test-model',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
    });
    expect(req?.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'earlier' },
      { role: 'assistant', content: 'before' },
      { role: 'user', content: 'hello' },
    ]);
    expect(req?.tools).toEqual([
      { type: 'function', function: { name: 'add', description: 'fake add', parameters: add.spec.parameters } },
    ]);
    expect(r.history.some((m) => m.role === 'system')).toBe(false);
  });

  it('omits `tools` when there are none', async () => {
    const model = scriptedModel([textReply(['ok'])]);
    await harness(model).run();
    expect(model.requests[0]).not.toHaveProperty('tools');
    expect(model.requests[0]).not.toHaveProperty('temperature');
  });

  it('runs a single tool call, feeds the result back, and completes', async () => {
    const add = fakeTool({
      name: 'add',
      required: { a: 'number', b: 'number' },
      run: (a) => ok(String((a as { a: number; b: number }).a + (a as { b: number }).b)),
    });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'add', args: '{"a":2,"b":3}' }]), textReply(['5'])]);
    const h = harness(model, { tools: fakeExecutor([add]) });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(roles(r.history)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(r.history[1]).toMatchObject({
      role: 'assistant',
      status: 'complete',
      toolCalls: [{ id: 'c1', name: 'add', arguments: '{"a":2,"b":3}' }],
    });
    expect(r.history[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'c1',
      name: 'add',
      content: '5',
      outcome: 'ok',
      isError: false,
      turn: 1,
    });
    expect(add.calls[0]?.args).toEqual({ a: 2, b: 3 });
    expect(model.requests[1]?.messages.slice(-2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: '5' },
    ]);
    expect(r.usage).toMatchObject({ promptTokens: 30, completionTokens: 13, estimated: false });
    const finished = h.events.find((e) => e.type === 'tool_finished');
    expect(finished).toMatchObject({ callId: 'c1', outcome: 'ok', result: '5', validation: 'ok', turn: 1 });
    expect(types(h.events)).toContain('tool_call_delta');
  });

  it('runs a multi-turn tool loop: tool1, tool2, then text', async () => {
    const t1 = fakeTool({ name: 'first' });
    const t2 = fakeTool({ name: 'second' });
    const model = scriptedModel([
      toolCallsReply([{ id: 'c1', name: 'first', args: '{}' }]),
      toolCallsReply([{ id: 'c2', name: 'second', args: '{"x":1}' }]),
      textReply(['done']),
    ]);
    const r = await harness(model, { tools: fakeExecutor([t1, t2]) }).run();
    expect(r.stopReason).toBe('complete');
    expect(roles(r.history)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(r.history.filter((m) => m.role === 'assistant').map((m) => (m as AssistantMessage).turn)).toEqual([1, 2, 3]);
    expect(model.requests).toHaveLength(3);
    expect(model.requests[2]?.messages).toHaveLength(5);
  });

  it('branches on tool calls, not on finish_reason: "stop" with tool calls still runs them', async () => {
    const t = fakeTool({ name: 't' });
    const model = scriptedModel([
      toolCallsReply([{ id: 'c1', name: 't', args: '{}' }], { finish: 'stop' }),
      textReply(['ok']),
    ]);
    const r = await harness(model, { tools: fakeExecutor([t]) }).run();
    expect(t.calls).toHaveLength(1);
    expect(r.stopReason).toBe('complete');
  });

  it('stops with max_turns after the limit, with a valid history that can be continued', async () => {
    const t = fakeTool({ name: 't' });
    const model = scriptedModel([
      toolCallsReply([{ id: 'c1', name: 't', args: '{}' }]),
      toolCallsReply([{ id: 'c2', name: 't', args: '{}' }]),
      textReply(['finally']),
    ]);
    const first = await harness(model, { tools: fakeExecutor([t]), config: { maxTurns: 2 } }).run();
    expect(first.stopReason).toBe('max_turns');
    expect(model.requests).toHaveLength(2);
    expect(findHistoryProblems(first.history)).toEqual([]);
    expect(first.history.at(-1)?.role).toBe('tool');

    // Continuation without a new user message picks up where the limit stopped it.
    const h2 = harness(model, { history: first.history, userMessage: undefined, tools: fakeExecutor([t]) });
    const second = await h2.run();
    expect(second.stopReason).toBe('complete');
    expect(model.requests[2]?.messages.at(-1)).toEqual({ role: 'tool', tool_call_id: 'c2', content: '{}' });
    expect(roles(second.history)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(h2.events.filter((e) => e.type === 'message_appended')).toHaveLength(1);
  });

  it('continues an existing history with a new user message', async () => {
    const model = scriptedModel([textReply(['one']), textReply(['two'])]);
    const first = await harness(model, { userMessage: 'q1' }).run();
    const second = await harness(model, { history: first.history, userMessage: 'q2' }).run();
    expect(roles(second.history)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(model.requests[1]?.messages).toEqual([
      { role: 'user', content: 'q1' },
      { role: 'assistant', content: 'one' },
      { role: 'user', content: 'q2' },
    ]);
  });

  it('gives every call a "not run" result and stops with max_tool_calls when a turn asks for too many', async () => {
    const t = fakeTool({ name: 't' });
    const calls = [1, 2, 3].map((i) => ({ id: `c${i}`, name: 't', args: '{}' }));
    const model = scriptedModel([toolCallsReply(calls)]);
    const h = harness(model, { tools: fakeExecutor([t]), config: { maxToolCallsPerTurn: 2 } });
    const r = await h.run();
    expect(r.stopReason).toBe('max_tool_calls');
    expect(t.calls).toHaveLength(0);
    expect(toolResults(r.history).map((x) => x.id)).toEqual(['c1', 'c2', 'c3']);
    expect(toolResults(r.history)[0]?.content).toMatch(/Not run.*3 tool calls.*limit is 2/);
    expect(findHistoryProblems(r.history)).toEqual([]);
    expect(h.events.at(-1)).toMatchObject({ type: 'run_finished', stopReason: 'max_tool_calls' });
  });

  it('ends with stop reason length on finish_reason "length", keeping the text', async () => {
    const model = scriptedModel([textReply(['{"'], { finish: 'length' })]);
    const r = await harness(model).run();
    expect(r.stopReason).toBe('length');
    expect(lastAssistant(r.history)).toMatchObject({ content: '{"', status: 'length' });
  });

  it('finish_reason "length" with tool calls: none is run (their arguments may be cut), each gets one error result, stop length', async () => {
    const t = fakeTool({ name: 'write' });
    const model = scriptedModel([
      toolCallsReply(
        [
          { id: 'c1', name: 'write', args: '{"path":"a.txt"}' },
          { id: 'c2', name: 'write', args: '{"path":"b.txt","text":"Hel' },
        ],
        { finish: 'length', text: 'Writing.' },
      ),
      textReply(['never asked']),
    ]);
    const h = harness(model, { tools: fakeExecutor([t]) });
    const r = await h.run();
    expect(r.stopReason).toBe('length');
    expect(t.calls).toHaveLength(0);
    expect(model.requests).toHaveLength(1);
    expect(lastAssistant(r.history)).toMatchObject({
      content: 'Writing.',
      status: 'length',
      toolCalls: [{ id: 'c1' }, { id: 'c2' }],
    });
    const results = toolResults(r.history);
    expect(results.map((x) => x.id)).toEqual(['c1', 'c2']);
    for (const x of results) {
      expect(x.outcome).toBe('error');
      expect(x.content).toMatch(/Not run: the reply was cut at the token limit/);
    }
    expect(findHistoryProblems(r.history)).toEqual([]);
    expect(
      h.events
        .filter((e) => e.type === 'tool_finished')
        .map((e) => e.type === 'tool_finished' && [e.callId, e.outcome]),
    ).toEqual([
      ['c1', 'error'],
      ['c2', 'error'],
    ]);
    expect(types(h.events)).not.toContain('tool_started');
    expect(h.events.at(-1)).toMatchObject({ type: 'run_finished', stopReason: 'length' });
  });

  it('finish_reason "content_filter": stop error (content_filter), the partial text kept and marked error', async () => {
    const model = scriptedModel([
      { chunks: [chunk({ content: 'The first part' }), chunk({}, { finish: 'content_filter' })] },
    ]);
    const h = harness(model);
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toMatchObject({
      fault: 'model',
      kind: 'content_filter',
      message: expect.stringMatching(/content filter/),
    });
    expect(lastAssistant(r.history)).toMatchObject({ content: 'The first part', status: 'error', toolCalls: [] });
    expect(h.events.at(-1)).toMatchObject({
      type: 'run_finished',
      stopReason: 'error',
      error: { kind: 'content_filter' },
    });
  });

  it('finish_reason "content_filter" before any text: the error, and no empty assistant message', async () => {
    const model = scriptedModel([
      { chunks: [chunk({ role: 'assistant', content: '' }), chunk({}, { finish: 'content_filter' })] },
    ]);
    const r = await harness(model).run();
    expect(r.error?.kind).toBe('content_filter');
    expect(roles(r.history)).toEqual(['user']);
  });

  it('a reply with only reasoning is an empty response; the reasoning is kept on a message marked error', async () => {
    const model = scriptedModel([
      {
        chunks: [
          chunk({ reasoning_content: 'Let me think' }),
          chunk({ reasoning_content: ' about it.' }),
          chunk({}, { finish: 'stop' }),
        ],
      },
    ]);
    const h = harness(model);
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toMatchObject({
      fault: 'model',
      kind: 'empty_response',
      message: expect.stringMatching(/empty reply/),
    });
    expect(lastAssistant(r.history)).toMatchObject({
      content: '',
      reasoning: 'Let me think about it.',
      status: 'error',
      toolCalls: [],
    });
    expect(findHistoryProblems(r.history)).toEqual([]);
  });

  it('reports an empty response as an error with a clear message', async () => {
    const model = scriptedModel([
      { chunks: [chunk({ role: 'assistant', content: '' }), chunk({}, { finish: 'stop' })] },
    ]);
    const h = harness(model);
    const r = await h.run();
    expect(r.stopReason).toBe('error');
    expect(r.error).toMatchObject({ kind: 'empty_response', fault: 'model' });
    expect(r.error?.message).toMatch(/empty reply/);
    expect(roles(r.history)).toEqual(['user']);
    expect(h.events.at(-1)).toMatchObject({
      type: 'run_finished',
      stopReason: 'error',
      error: { kind: 'empty_response' },
    });
  });

  it('keeps a refusal as the answer', async () => {
    const model = scriptedModel([
      { chunks: [chunk({ refusal: "I can't" }), chunk({ refusal: ' help.' }, { finish: 'stop' })] },
    ]);
    const r = await harness(model).run();
    expect(r.stopReason).toBe('complete');
    expect(lastAssistant(r.history)).toMatchObject({ content: '', refusal: "I can't help." });
  });

  it('estimates usage and marks it when the provider sends none', async () => {
    const model = scriptedModel([textReply(['x'.repeat(40)], { usage: false })]);
    const r = await harness(model, { userMessage: 'y'.repeat(80) }).run();
    // 80 chars = 20 tokens + 4 per message; 40 chars = 10 tokens + 4.
    expect(r.usage).toEqual({ promptTokens: 24, completionTokens: 14, totalTokens: 38, estimated: true });
  });

  it('sums usage across turns and stays marked estimated if any turn was', async () => {
    const t = fakeTool({ name: 't' });
    const model = scriptedModel([
      toolCallsReply([{ id: 'c1', name: 't', args: '{}' }], { usage: [100, 10] }),
      textReply(['ok'], { usage: false }),
    ]);
    const r = await harness(model, { tools: fakeExecutor([t]) }).run();
    expect(r.usage.promptTokens).toBeGreaterThan(100);
    expect(r.usage.completionTokens).toBeGreaterThan(10);
    expect(r.usage.estimated).toBe(true);
  });

  it('stores the reasoning of a turn and streams it as reasoning deltas', async () => {
    const model = scriptedModel([
      {
        chunks: [
          chunk({ reasoning_content: 'think ' }),
          chunk({ reasoning_content: 'more' }),
          chunk({ content: 'ans' }, { finish: 'stop' }),
        ],
      },
    ]);
    const h = harness(model);
    const r = await h.run();
    expect(lastAssistant(r.history)).toMatchObject({ reasoning: 'think more', content: 'ans' });
    expect(h.events.filter((e) => e.type === 'reasoning_delta')).toHaveLength(2);
  });

  it('gives calls without an id, or with a repeated id, a unique one', async () => {
    const t = fakeTool({ name: 't' });
    const model = scriptedModel([
      {
        chunks: [
          chunk({ tool_calls: [{ index: 0, function: { name: 't', arguments: '{}' } }] }),
          chunk({ tool_calls: [{ index: 1, id: 'dup', function: { name: 't', arguments: '{}' } }] }),
          chunk(
            { tool_calls: [{ index: 2, id: 'dup', function: { name: 't', arguments: '{}' } }] },
            { finish: 'tool_calls' },
          ),
        ],
      },
      textReply(['ok']),
    ]);
    const r = await harness(model, { tools: fakeExecutor([t]) }).run();
    const ids = (r.history[1] as AssistantMessage).toolCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(3);
    expect(ids.every((id) => id !== '')).toBe(true);
    expect(findHistoryProblems(r.history)).toEqual([]);
  });
});
