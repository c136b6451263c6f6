import { describe, expect, it } from 'vitest';
import { createEmitter } from './emitter';
import type { LoopEvent } from './events';

describe('createEmitter', () => {
  it('stamps run id, gap-free seq and time since start, even when a consumer throws', () => {
    const seen: LoopEvent[] = [];
    let now = 100;
    const { emit } = createEmitter(
      'r',
      (e) => {
        seen.push(e);
        if (e.seq === 0) throw new Error('consumer bug');
      },
      () => now,
    );
    emit({ type: 'first_token', turn: 1, attempt: 1 });
    now = 130;
    emit({ type: 'first_token', turn: 1, attempt: 2 });
    expect(seen.map((e) => [e.runId, e.seq, e.t])).toEqual([
      ['r', 0, 0],
      ['r', 1, 30],
    ]);
  });
});
