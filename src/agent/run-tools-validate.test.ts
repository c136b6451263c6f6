import { describe, expect, it } from 'vitest';
import type { RunEventBody } from '../domain/run-events';
import { CANCELLED_RESULT, DENIED_RESULT, runToolBatch, type ToolBatchInput } from './run-tools';
import { fakeExecutor, fakeTool } from './testing/fake-tools';
import type { ValidationIssue } from './tool-executor';

/** Validation answered later, as the page's validation worker does; `answer` settles the oldest waiting check. */
function asyncValidated(name: string, opts: { needsApproval?: boolean } = {}) {
  const waiting: { args: unknown; resolve: (issues: ValidationIssue[]) => void }[] = [];
  const tool = fakeTool({ name, ...opts });
  tool.validate = (args) => new Promise<ValidationIssue[]>((resolve) => waiting.push({ args, resolve }));
  return { tool, waiting };
}

function batch(overrides: Partial<ToolBatchInput>) {
  const events: RunEventBody[] = [];
  const input: ToolBatchInput = {
    calls: [],
    turn: 1,
    tools: fakeExecutor([]),
    config: { toolConcurrency: 4, toolTimeoutMs: 1_000 },
    signal: new AbortController().signal,
    emit: (e) => events.push(e),
    clock: () => 0,
    ...overrides,
  };
  return { events, result: runToolBatch(input) };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('runToolBatch with asynchronous validation', () => {
  it('waits for the answer, then runs valid arguments and reports invalid ones to the model', async () => {
    const { tool, waiting } = asyncValidated('t');
    const { result } = batch({
      calls: [
        { id: 'a', name: 't', arguments: '{"x":1}' },
        { id: 'b', name: 't', arguments: '{"x":"no"}' },
      ],
      tools: fakeExecutor([tool]),
    });
    await settle();
    expect(waiting.map((w) => w.args)).toEqual([{ x: 1 }, { x: 'no' }]);
    expect(tool.calls).toHaveLength(0);
    waiting[1]?.resolve([{ path: '/x', message: 'must be number' }]);
    waiting[0]?.resolve([]);
    const r = await result;
    expect(tool.calls.map((c) => c.args)).toEqual([{ x: 1 }]);
    expect(r.results[1]).toMatchObject({ outcome: 'error', isError: true });
    expect(r.results[1]?.content).toBe(
      'Error: the arguments for "t" do not match its schema:\n- /x: must be number\nArguments received: {"x":"no"}',
    );
  });

  it('a validator that rejects becomes an issue the model reads, not a crash', async () => {
    const tool = fakeTool({ name: 't' });
    tool.validate = async () => {
      throw new Error('The validation worker failed.');
    };
    const r = await batch({ calls: [{ id: 'a', name: 't', arguments: '{}' }], tools: fakeExecutor([tool]) }).result;
    expect(r.results[0]?.content).toContain('- (root): The validation worker failed.');
    expect(tool.calls).toHaveLength(0);
  });

  it('Stop while a check is pending cancels the call at once, without asking for approval', async () => {
    const { tool } = asyncValidated('t', { needsApproval: true });
    const ctl = new AbortController();
    const asked: string[] = [];
    const { events, result } = batch({
      calls: [{ id: 'a', name: 't', arguments: '{}' }],
      tools: fakeExecutor([tool]),
      signal: ctl.signal,
      approve: async (call) => {
        asked.push(call.callId);
        return { decision: 'approve' };
      },
    });
    await settle();
    ctl.abort();
    const r = await result;
    expect(r.results[0]).toMatchObject({ outcome: 'cancelled', content: CANCELLED_RESULT });
    expect(asked).toEqual([]);
    expect(events.map((e) => e.type)).toEqual(['tool_finished']);
  });

  it('validates edited arguments again before running them', async () => {
    const { tool, waiting } = asyncValidated('t', { needsApproval: true });
    const { result } = batch({
      calls: [{ id: 'a', name: 't', arguments: '{"x":1}' }],
      tools: fakeExecutor([tool]),
      approve: async () => ({ decision: 'edit', arguments: '{"x":"edited"}' }),
    });
    await settle();
    waiting[0]?.resolve([]);
    await settle();
    expect(waiting[1]?.args).toEqual({ x: 'edited' });
    waiting[1]?.resolve([{ path: '/x', message: 'must be number' }]);
    const r = await result;
    expect(r.results[0]?.content).toMatch(/^Error: the arguments for "t" do not match its schema/);
    expect(tool.calls).toHaveLength(0);
  });

  it('a denial without a reason reads "Denied by user", once', async () => {
    const tool = fakeTool({ name: 't', needsApproval: true });
    const r = await batch({
      calls: [{ id: 'a', name: 't', arguments: '{}' }],
      tools: fakeExecutor([tool]),
      approve: async () => ({ decision: 'deny' }),
    }).result;
    expect(r.results[0]).toMatchObject({ outcome: 'denied', content: DENIED_RESULT });
  });
});
