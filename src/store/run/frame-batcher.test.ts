import { describe, expect, it } from 'vitest';
import { createFrameBatcher } from './frame-batcher';
import { createStoreSink, useRunStore } from './run-store';
import type { AgentEvent } from '../../domain/run-events';

function manualFrames() {
  const pending: (() => void)[] = [];
  return {
    schedule: (flush: () => void) => {
      pending.push(flush);
      return () => {
        const i = pending.indexOf(flush);
        if (i >= 0) pending.splice(i, 1);
      };
    },
    frame: () => {
      const all = pending.splice(0);
      all.forEach((f) => f());
    },
    scheduled: () => pending.length,
  };
}

describe('createFrameBatcher', () => {
  it('hands over everything pushed within a frame as one batch, in order', () => {
    const frames = manualFrames();
    const batches: number[][] = [];
    const b = createFrameBatcher<number>((batch) => batches.push(batch), frames.schedule);
    for (let i = 0; i < 500; i++) b.push(i);
    expect(frames.scheduled()).toBe(1);
    expect(batches).toEqual([]);
    frames.frame();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(500);
    expect(batches[0]?.[499]).toBe(499);
    b.push(1);
    b.flushNow();
    expect(batches).toHaveLength(2);
    frames.frame();
    expect(batches).toHaveLength(2);
  });
});

describe('createStoreSink', () => {
  it('commits a burst of deltas to the run store once per frame', () => {
    const frames = manualFrames();
    useRunStore.getState().beginRun('s1', 'r1', 0);
    const before = useRunStore.getState().commits;
    const sink = createStoreSink('s1', frames.schedule);
    let seq = 0;
    const e = (body: object) => ({ ...body, runId: 'r1', seq: seq++, t: 0 }) as AgentEvent;
    sink.emit(e({ type: 'request_started', turn: 1, attempt: 1, messageId: 'm1' }));
    for (let i = 0; i < 1000; i++) sink.emit(e({ type: 'text_delta', turn: 1, messageId: 'm1', delta: 'x' }));
    expect(useRunStore.getState().runs.s1?.streaming).toBeNull();
    frames.frame();
    expect(useRunStore.getState().commits).toBe(before + 1);
    expect(useRunStore.getState().runs.s1?.streaming?.text).toHaveLength(1000);
  });
});
