import { describe, expect, it } from 'vitest';
import { indexRecordedResults, recordedResultsCursor, type RecordedCall } from './recorded-results';
import { recordedToolExecutor, type UnmatchedCallAnswer } from './recorded-tools';
import type { ApprovalDecision, ToolExecutor, ToolHandle } from './tool-executor';

const recording: RecordedCall[] = [
  {
    callId: 'old_1',
    messageId: 'a1',
    name: 'weather',
    arguments: '{"city":"Paris","unit":"c"}',
    content: 'sun',
    isError: false,
    outcome: 'ok',
  },
];

function setup(opts: { answer?: UnmatchedCallAnswer; approval?: ApprovalDecision; needsApproval?: boolean } = {}) {
  const ran: unknown[] = [];
  const asked: string[] = [];
  let stopped = false;
  const tool: ToolHandle = {
    spec: { name: 'weather', description: '', parameters: { type: 'object' } },
    needsApproval: opts.needsApproval ?? false,
    validate: () => [],
    run: async (args) => {
      ran.push(args);
      return { outcome: 'ok', content: 'live answer', logs: [] };
    },
  };
  const live: ToolExecutor = { list: () => [tool], get: (n) => (n === 'weather' ? tool : undefined) };
  const tools = recordedToolExecutor(live, recordedResultsCursor(indexRecordedResults(recording)), {
    ask: async (call) => {
      asked.push(`${call.name} ${call.arguments}`);
      return opts.answer ?? { kind: 'stop' };
    },
    approve: async () => opts.approval ?? { decision: 'approve' },
    stop: () => {
      stopped = true;
    },
  });
  const ctx = { signal: new AbortController().signal, timeoutMs: 1000, callId: 'new_1' };
  const handle = tools.get('weather');
  if (!handle) throw new Error('no tool');
  return { handle, ctx, ran, asked, stopped: () => stopped };
}

describe('tools of a re-run with recorded results', () => {
  it('answers a call with the same tool and arguments (any key order, any call id) from the recording, running nothing', async () => {
    const s = setup();
    expect(s.handle.needsApproval).toBe(false);
    const r = await s.handle.run({ unit: 'c', city: 'Paris' }, s.ctx);
    expect(r).toMatchObject({ outcome: 'ok', content: 'sun', recorded: true });
    expect(s.ran).toEqual([]);
    expect(s.asked).toEqual([]);
  });

  it('asks about a changed argument and sends an answer given by hand as the result', async () => {
    const s = setup({ answer: { kind: 'by_hand', content: '12 degrees' } });
    const r = await s.handle.run({ city: 'Oslo', unit: 'c' }, s.ctx);
    expect(s.asked).toEqual(['weather {"city":"Oslo","unit":"c"}']);
    expect(r).toMatchObject({ outcome: 'ok', content: '12 degrees' });
    expect(r.recorded).toBeUndefined();
    expect(s.ran).toEqual([]);
  });

  it('runs it live when asked to, under the approval rules; a denial answers without running', async () => {
    const live = setup({ answer: { kind: 'live' }, needsApproval: true });
    expect(await live.handle.run({ city: 'Oslo' }, live.ctx)).toMatchObject({ content: 'live answer' });
    expect(live.ran).toEqual([{ city: 'Oslo' }]);
    const denied = setup({ answer: { kind: 'live' }, needsApproval: true, approval: { decision: 'deny' } });
    expect(await denied.handle.run({ city: 'Oslo' }, denied.ctx)).toMatchObject({
      outcome: 'error',
      content: 'Denied by user',
    });
    expect(denied.ran).toEqual([]);
  });

  it('stops the run on "Stop"', async () => {
    const s = setup({ answer: { kind: 'stop' } });
    await expect(s.handle.run({ city: 'Rome' }, s.ctx)).rejects.toThrow('Stopped');
    expect(s.stopped()).toBe(true);
  });
});
