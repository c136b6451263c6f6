import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunEventBody } from '../domain/run-events';
import { runToolBatch } from './run-tools';
import { fakeExecutor, fakeTool, ok } from './testing/fake-tools';
import type { ToolRunContext } from './tool-executor';
import { MAX_LIVE_LOG_LINES, progressReporter, type ProgressBody } from './tool-progress';

const line = (text: string, t = 0) => ({ kind: 'log' as const, log: { level: 'log' as const, text, t } });

afterEach(() => {
  vi.useRealTimers();
});

describe('progressReporter', () => {
  it('passes the first report at once and batches the rest to one per interval, in order', () => {
    vi.useFakeTimers();
    const sent: ProgressBody[] = [];
    const r = progressReporter(
      (b) => sent.push(b),
      () => Date.now(),
      100,
    );
    r.report(line('one'));
    expect(sent).toEqual([{ logs: [{ level: 'log', text: 'one', t: 0 }] }]);
    for (let i = 0; i < 500; i++) r.report(line(`n${i}`));
    r.report({ kind: 'bytes', received: 10, total: null });
    r.report({ kind: 'bytes', received: 30, total: 90 });
    // A chatty tool: 502 reports, still one event until the interval has passed.
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.logs!.map((l) => l.text)).toEqual(Array.from({ length: 500 }, (_, i) => `n${i}`));
    expect(sent[1]).toMatchObject({ bytesReceived: 30, bytesTotal: 90 });
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });

  it('passes an MCP progress report on, the latest one of an interval only', () => {
    vi.useFakeTimers();
    const sent: ProgressBody[] = [];
    const r = progressReporter(
      (b) => sent.push(b),
      () => Date.now(),
      100,
    );
    r.report({ kind: 'mcp', progress: { progress: 1, total: 10 } });
    expect(sent).toEqual([{ mcpProgress: { progress: 1, total: 10 } }]);
    r.report({ kind: 'mcp', progress: { progress: 2, total: 10 } });
    r.report({ kind: 'mcp', progress: { progress: 3, total: 10, message: 'three' } });
    r.report(line('x'));
    vi.advanceTimersByTime(100);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual({
      logs: [{ level: 'log', text: 'x', t: 0 }],
      mcpProgress: { progress: 3, total: 10, message: 'three' },
    });
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(2);
  });

  it('sends nothing after close, even what was pending', () => {
    vi.useFakeTimers();
    const sent: ProgressBody[] = [];
    const r = progressReporter(
      (b) => sent.push(b),
      () => Date.now(),
      100,
    );
    r.report(line('a'));
    r.report(line('b'));
    r.close();
    r.report(line('c'));
    vi.advanceTimersByTime(500);
    expect(sent.flatMap((b) => b.logs ?? []).map((l) => l.text)).toEqual(['a']);
  });

  it('passes on at most MAX_LIVE_LOG_LINES lines of one call', () => {
    const sent: ProgressBody[] = [];
    const r = progressReporter(
      (b) => sent.push(b),
      () => 0,
      0,
    );
    for (let i = 0; i < MAX_LIVE_LOG_LINES + 50; i++) r.report(line(`x${i}`));
    expect(sent.flatMap((b) => b.logs ?? [])).toHaveLength(MAX_LIVE_LOG_LINES);
  });
});

describe('tool progress in a batch', () => {
  it('reaches the event stream between tool_started and tool_finished, while the tool still runs', async () => {
    let release = () => {};
    const seenWhileRunning: string[] = [];
    const events: RunEventBody[] = [];
    const tool = fakeTool({
      name: 'slow',
      run: async (_args, ctx: ToolRunContext) => {
        ctx.onProgress?.(line('starting', 1));
        ctx.onProgress?.({ kind: 'bytes', received: 100, total: 300 });
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return ok('done');
      },
    });
    const done = runToolBatch({
      calls: [{ id: 'c1', name: 'slow', arguments: '{}' }],
      turn: 2,
      tools: fakeExecutor([tool]),
      config: { toolConcurrency: 1, toolTimeoutMs: 5_000 },
      signal: new AbortController().signal,
      emit: (e) => {
        events.push(e);
        if (e.type === 'tool_progress') seenWhileRunning.push(...(e.logs ?? []).map((l) => l.text));
      },
      clock: () => performance.now(),
    });
    await vi.waitFor(() => expect(seenWhileRunning).toEqual(['starting']));
    expect(events.map((e) => e.type)).toEqual(['tool_started', 'tool_progress']);
    expect(events[1]).toEqual({
      type: 'tool_progress',
      turn: 2,
      callId: 'c1',
      logs: [{ level: 'log', text: 'starting', t: 1 }],
    });
    // The byte count came inside the interval: it follows once the interval has passed, before the result.
    await vi.waitFor(() =>
      expect(events.at(-1)).toMatchObject({ type: 'tool_progress', bytesReceived: 100, bytesTotal: 300 }),
    );
    release();
    await done;
    expect(events.map((e) => e.type)).toEqual(['tool_started', 'tool_progress', 'tool_progress', 'tool_finished']);
  });

  it('drops the progress of a call that timed out and keeps printing', async () => {
    vi.useFakeTimers();
    let report: ((text: string) => void) | null = null;
    const events: RunEventBody[] = [];
    const tool = fakeTool({
      name: 'stuck',
      run: (_args, ctx) => {
        report = (text) => ctx.onProgress?.(line(text));
        return new Promise(() => {});
      },
    });
    const done = runToolBatch({
      calls: [{ id: 'c1', name: 'stuck', arguments: '{}' }],
      turn: 1,
      tools: fakeExecutor([tool]),
      config: { toolConcurrency: 1, toolTimeoutMs: 50 },
      signal: new AbortController().signal,
      emit: (e) => events.push(e),
      clock: () => Date.now(),
    });
    await vi.advanceTimersByTimeAsync(60);
    await done;
    expect(events.at(-1)).toMatchObject({ type: 'tool_finished', outcome: 'timeout' });
    const count = events.length;
    (report as ((text: string) => void) | null)?.('late line');
    await vi.advanceTimersByTimeAsync(500);
    expect(events).toHaveLength(count);
  });
});
