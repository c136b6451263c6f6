import { describe, expect, it } from 'vitest';
import type { RunEventBody } from '../domain/run-events';
import { runToolBatch, type ToolBatchInput } from './run-tools';
import { fakeExecutor, fakeTool } from './testing/fake-tools';

function batch(overrides: Partial<ToolBatchInput>) {
  const events: RunEventBody[] = [];
  let tick = 0;
  const input: ToolBatchInput = {
    calls: [],
    turn: 3,
    tools: fakeExecutor([]),
    config: { toolConcurrency: 4, toolTimeoutMs: 1_000 },
    signal: new AbortController().signal,
    emit: (e) => events.push(e),
    clock: () => (tick += 5),
    ...overrides,
  };
  return { events, result: runToolBatch(input) };
}

describe('runToolBatch', () => {
  it('answers every call as cancelled without starting any when already stopped', async () => {
    const t = fakeTool({ name: 't' });
    const ctl = new AbortController();
    ctl.abort();
    const { events, result } = batch({
      calls: [
        { id: 'a', name: 't', arguments: '{}' },
        { id: 'b', name: 't', arguments: '{}' },
      ],
      tools: fakeExecutor([t]),
      signal: ctl.signal,
    });
    const r = await result;
    expect(r.cancelled).toBe(true);
    expect(r.results.map((x) => [x.call.id, x.outcome, x.content])).toEqual([
      ['a', 'cancelled', 'Cancelled by user'],
      ['b', 'cancelled', 'Cancelled by user'],
    ]);
    expect(t.calls).toHaveLength(0);
    expect(events.map((e) => e.type)).toEqual(['tool_finished', 'tool_finished']);
  });

  it('treats a failing approval gate as a denial, and still runs with a concurrency of 0 configured', async () => {
    const t = fakeTool({ name: 't', needsApproval: true });
    const { events, result } = batch({
      calls: [{ id: 'a', name: 't', arguments: '{}' }],
      tools: fakeExecutor([t]),
      config: { toolConcurrency: 0, toolTimeoutMs: 1_000 },
      approve: async () => {
        throw new Error('dialog crashed');
      },
    });
    const r = await result;
    expect(r.results[0]).toMatchObject({ outcome: 'denied', isError: true });
    expect(r.results[0]?.content).toMatch(/^Denied by user: /);
    expect(events.find((e) => e.type === 'approval_resolved')).toMatchObject({ decision: 'denied' });
  });

  it('reports tool logs and the duration from start to finish', async () => {
    const t = fakeTool({
      name: 't',
      run: () => ({ outcome: 'ok', content: 'done', logs: [{ level: 'log', text: 'hi', t: 1 }] }),
    });
    const { events, result } = batch({ calls: [{ id: 'a', name: 't', arguments: '{}' }], tools: fakeExecutor([t]) });
    await result;
    expect(events.find((e) => e.type === 'tool_finished')).toMatchObject({
      turn: 3,
      outcome: 'ok',
      durationMs: 5,
      logs: [{ level: 'log', text: 'hi', t: 1 }],
      validation: 'ok',
    });
  });
});
