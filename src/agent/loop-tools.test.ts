import { afterEach, describe, expect, it, vi } from 'vitest';
import { findHistoryProblems } from '../domain/history-check';
import { blockingRun, fakeExecutor, fakeTool, ok } from './testing/fake-tools';
import { harness, toolResults, types } from './testing/harness';
import { scriptedModel, textReply, toolCallsReply } from './testing/scripted-model';

afterEach(() => {
  vi.useRealTimers();
});

describe('runAgent: tool failures become results the model reads', () => {
  async function oneCall(
    tool: ReturnType<typeof fakeTool> | null,
    name: string,
    args: string,
    extra: Parameters<typeof harness>[1] = {},
  ) {
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name, args }]), textReply(['ok'])]);
    const h = harness(model, { tools: fakeExecutor(tool ? [tool] : []), ...extra });
    const r = await h.run();
    expect(r.stopReason).toBe('complete');
    expect(findHistoryProblems(r.history)).toEqual([]);
    const result = r.history.find((m) => m.role === 'tool');
    if (!result || result.role !== 'tool') throw new Error('no tool result');
    return { result, events: h.events, model };
  }

  it('unknown tool name', async () => {
    const { result, events } = await oneCall(fakeTool({ name: 'real' }), 'ghost', '{}');
    expect(result).toMatchObject({ outcome: 'error', isError: true });
    expect(result.content).toMatch(/no tool named "ghost".*Available tools: real/);
    expect(events.find((e) => e.type === 'tool_finished')).toMatchObject({ validation: 'unknown_tool' });
    expect(types(events)).not.toContain('tool_started');
  });

  it('arguments that are not JSON', async () => {
    const t = fakeTool({ name: 't' });
    const { result, events } = await oneCall(t, 't', '{"a": 1,');
    expect(result.content).toMatch(/not valid JSON/);
    expect(result.content).toContain('Arguments received: {"a": 1,');
    expect(t.calls).toHaveLength(0);
    expect(events.find((e) => e.type === 'tool_finished')).toMatchObject({
      validation: 'invalid_json',
      outcome: 'error',
    });
  });

  it('arguments that fail the schema, listing every path and message', async () => {
    const t = fakeTool({ name: 't', required: { city: 'string', days: 'number' } });
    const { result, events } = await oneCall(t, 't', '{"days":"two"}');
    expect(result.content).toContain("(root): must have required property 'city'");
    expect(result.content).toContain('/days: must be number');
    expect(result.content).toContain('Arguments received: {"days":"two"}');
    expect(t.calls).toHaveLength(0);
    const finished = events.find((e) => e.type === 'tool_finished');
    expect(finished).toMatchObject({
      validation: 'schema',
      validationErrors: [{ path: '' }, { path: '/days', message: 'must be number' }],
    });
  });

  it('treats empty arguments as an empty object', async () => {
    const t = fakeTool({ name: 't' });
    const { result } = await oneCall(t, 't', '');
    expect(result.outcome).toBe('ok');
    expect(t.calls[0]?.args).toEqual({});
  });

  it('a tool that throws', async () => {
    const t = fakeTool({
      name: 't',
      run: () => {
        throw new Error('disk full');
      },
    });
    const { result } = await oneCall(t, 't', '{}');
    expect(result).toMatchObject({ outcome: 'error', isError: true });
    expect(result.content).toContain('disk full');
  });

  it('a tool reporting its own error result', async () => {
    const t = fakeTool({ name: 't', run: () => ({ outcome: 'error', content: 'bad input', logs: [] }) });
    const { result } = await oneCall(t, 't', '{}');
    expect(result).toMatchObject({ outcome: 'error', isError: true, content: 'bad input' });
  });

  it('a tool past its timeout is abandoned, told to stop, and its late result dropped', async () => {
    vi.useFakeTimers();
    let late: (v: { outcome: 'ok'; content: string; logs: [] }) => void = () => {};
    const t = fakeTool({ name: 'slow', timeoutMs: 500, run: () => new Promise((resolve) => (late = resolve)) });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'slow', args: '{}' }]), textReply(['ok'])]);
    const h = harness(model, { tools: fakeExecutor([t]), config: { toolTimeoutMs: 60_000 } });
    const done = h.run();
    await vi.advanceTimersByTimeAsync(499);
    expect(t.calls[0]?.ctx.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const r = await done;
    expect(t.calls[0]?.ctx.timeoutMs).toBe(500);
    expect(t.calls[0]?.ctx.signal.aborted).toBe(true);
    late({ outcome: 'ok', content: 'too late', logs: [] });
    expect(toolResults(r.history)).toEqual([
      { id: 'c1', outcome: 'timeout', content: expect.stringMatching(/did not finish within 500 ms/) },
    ]);
    expect(r.history.some((m) => m.content === 'too late')).toBe(false);
    expect(r.stopReason).toBe('complete');
  });

  it('uses the run default tool timeout when the tool has none', async () => {
    vi.useFakeTimers();
    const t = fakeTool({ name: 'slow', run: blockingRun() });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'slow', args: '{}' }]), textReply(['ok'])]);
    const done = harness(model, { tools: fakeExecutor([t]), config: { toolTimeoutMs: 2_000 } }).run();
    await vi.advanceTimersByTimeAsync(2_000);
    const r = await done;
    expect(toolResults(r.history)[0]?.outcome).toBe('timeout');
  });
});

describe('runAgent: parallel tools', () => {
  it('runs calls concurrently up to the cap and appends results in call order', async () => {
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const t = fakeTool({
      name: 't',
      run: async (args) => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return ok(`r${(args as { n: number }).n}`);
      },
    });
    const calls = [1, 2, 3, 4, 5].map((n) => ({ id: `c${n}`, name: 't', args: `{"n":${n}}` }));
    const model = scriptedModel([toolCallsReply(calls), textReply(['ok'])]);
    const done = harness(model, { tools: fakeExecutor([t]), config: { toolConcurrency: 2 } }).run();
    // Release in reverse order of arrival so completion order differs from call order.
    while (t.calls.length < 5 || gates.length > 0) {
      await new Promise((r) => setTimeout(r, 0));
      gates.pop()?.();
    }
    const r = await done;
    expect(peak).toBe(2);
    expect(toolResults(r.history).map((x) => [x.id, x.content])).toEqual(calls.map((c, i) => [c.id, `r${i + 1}`]));
  });
});

describe('runAgent: approvals', () => {
  it('asks before running a tool that needs approval, and runs it when approved', async () => {
    const t = fakeTool({ name: 'rm', needsApproval: true });
    const asked: string[] = [];
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'rm', args: '{"p":"a"}' }]), textReply(['ok'])]);
    const h = harness(model, {
      tools: fakeExecutor([t]),
      approve: async (call) => {
        asked.push(call.callId);
        return { decision: 'approve' };
      },
    });
    const r = await h.run();
    expect(asked).toEqual(['c1']);
    expect(t.calls).toHaveLength(1);
    const seq = types(h.events).filter((x) => x.startsWith('approval') || x.startsWith('tool_'));
    expect(seq).toEqual([
      'tool_call_delta',
      'tool_call_delta',
      'tool_call_delta',
      'approval_requested',
      'approval_resolved',
      'tool_started',
      'tool_finished',
    ]);
    expect(h.events.find((e) => e.type === 'approval_resolved')).toMatchObject({
      decision: 'approved',
      arguments: '{"p":"a"}',
    });
    expect(r.stopReason).toBe('complete');
  });

  it('a denied call gets "Denied by user" with outcome denied, and the loop goes on', async () => {
    const t = fakeTool({ name: 'rm', needsApproval: true });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'rm', args: '{}' }]), textReply(['ok'])]);
    const r = await harness(model, { tools: fakeExecutor([t]), approve: async () => ({ decision: 'deny' }) }).run();
    expect(t.calls).toHaveLength(0);
    expect(toolResults(r.history)).toEqual([{ id: 'c1', outcome: 'denied', content: 'Denied by user' }]);
    expect(r.history.find((m) => m.role === 'tool')).toMatchObject({ isError: true });
    expect(r.stopReason).toBe('complete');
  });

  it('edited arguments are validated again and run with the edit', async () => {
    const t = fakeTool({ name: 'rm', needsApproval: true, required: { p: 'string' } });
    const model = scriptedModel([
      toolCallsReply([
        { id: 'c1', name: 'rm', args: '{"p":"/"}' },
        { id: 'c2', name: 'rm', args: '{"p":"x"}' },
      ]),
      textReply(['ok']),
    ]);
    const h = harness(model, {
      tools: fakeExecutor([t]),
      approve: async (call) => ({ decision: 'edit', arguments: call.callId === 'c1' ? '{"p":"/tmp"}' : '{"p":1}' }),
    });
    const r = await h.run();
    expect(t.calls.map((c) => c.args)).toEqual([{ p: '/tmp' }]);
    const results = toolResults(r.history);
    expect(results[0]?.outcome).toBe('ok');
    expect(results[1]).toMatchObject({ outcome: 'error', content: expect.stringContaining('/p: must be string') });
    expect(
      h.events.filter((e) => e.type === 'approval_resolved').map((e) => e.type === 'approval_resolved' && e.decision),
    ).toEqual(['edited', 'edited']);
  });

  it('denies a tool that needs approval when no gate is wired', async () => {
    const t = fakeTool({ name: 'rm', needsApproval: true });
    const model = scriptedModel([toolCallsReply([{ id: 'c1', name: 'rm', args: '{}' }]), textReply(['ok'])]);
    const r = await harness(model, { tools: fakeExecutor([t]) }).run();
    expect(t.calls).toHaveLength(0);
    expect(toolResults(r.history)[0]?.outcome).toBe('denied');
  });
});
