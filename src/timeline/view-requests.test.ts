import { describe, expect, it } from 'vitest';
import { placeViewRequest, viewRequestPlaceText } from './view-requests';

const runs = [
  { index: 0, startedAt: 1_000, duration: 500 },
  { index: 1, startedAt: 5_000, duration: 2_000 },
];

describe('placing a View request on the session timeline', () => {
  it('is during a run, after a run (between runs or after the last), or before any run', () => {
    expect(placeViewRequest(1_200, runs)).toEqual({ kind: 'during', run: 0, offsetMs: 200 });
    expect(placeViewRequest(3_000, runs)).toEqual({ kind: 'after', run: 0, offsetMs: 1_500 });
    expect(placeViewRequest(9_500, runs)).toEqual({ kind: 'after', run: 1, offsetMs: 2_500 });
    expect(placeViewRequest(500, runs)).toEqual({ kind: 'before-first' });
    expect(placeViewRequest(500, [])).toEqual({ kind: 'before-first' });
  });

  it('says where in words', () => {
    expect(viewRequestPlaceText({ kind: 'during', run: 1, offsetMs: 1_234 })).toBe('during run 2, at 1.2 s');
    expect(viewRequestPlaceText({ kind: 'after', run: 0, offsetMs: 40 })).toBe('40 ms after run 1');
    expect(viewRequestPlaceText({ kind: 'before-first' })).toBe('before the first run');
  });
});
