import { describe, expect, it } from 'vitest';
import { foldTurn, type TurnCall } from './tool-turn-fold';

const call = (id: string, over: Partial<TurnCall> = {}): TurnCall => ({
  id,
  status: 'ok',
  isError: false,
  startedAt: 1000,
  durationMs: 100,
  ...over,
});

describe('foldTurn', () => {
  it('folds two or more finished calls into "n tools, all ok, <time>", nothing left in sight', () => {
    const fold = foldTurn([call('a'), call('b', { startedAt: 1050, durationMs: 300 }), call('c', { durationMs: 40 })]);
    // Parallel calls: first start (1000) to last end (1350), not the 440 ms sum.
    expect(fold).toEqual({ summary: '3 tools, all ok, 350 ms', tone: 'ok', shown: [] });
  });

  it('says seconds like the rows do', () => {
    expect(foldTurn([call('a', { durationMs: 1200 }), call('b')])?.summary).toBe('2 tools, all ok, 1.20 s');
  });

  it('counts failures, denials and cancelled calls, and keeps every failed call in sight', () => {
    const fold = foldTurn([
      call('ok'),
      call('err', { status: 'error' }),
      call('bad', { isError: true }),
      call('slow', { status: 'timeout' }),
      call('cut', { status: 'interrupted' }),
      call('no', { status: 'denied', startedAt: null, durationMs: null }),
      call('stop', { status: 'cancelled' }),
    ]);
    expect(fold?.summary).toBe('7 tools, 4 failed, 1 denied, 1 cancelled, 100 ms');
    expect(fold?.tone).toBe('failed');
    expect(fold?.shown).toEqual(['err', 'bad', 'slow', 'cut']);
  });

  it('does not fold a single call (it is already one row)', () => {
    expect(foldTurn([call('a')])).toBeNull();
    expect(foldTurn([])).toBeNull();
  });

  it('does not fold while a call streams, is pending, runs or waits for an approval', () => {
    for (const status of ['streaming', 'pending', 'running', 'awaiting_approval'])
      expect(foldTurn([call('a'), call('b', { status })]), status).toBeNull();
    expect(foldTurn([call('a'), call('b', { waiting: true })])).toBeNull();
  });

  it('keeps a call with a View in sight', () => {
    expect(foldTurn([call('a', { pinned: true }), call('b')])?.shown).toEqual(['a']);
  });

  it('sums the durations when a start is unknown, and leaves time out when nothing ran', () => {
    expect(foldTurn([call('a', { startedAt: null }), call('b', { durationMs: 250 })])?.summary).toBe(
      '2 tools, all ok, 350 ms',
    );
    const none = { status: 'denied', startedAt: null, durationMs: null };
    expect(foldTurn([call('a', none), call('b', none)])).toEqual({
      summary: '2 tools, 2 denied',
      tone: 'mixed',
      shown: [],
    });
  });
});
