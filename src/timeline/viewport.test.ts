import { describe, expect, it } from 'vitest';
import { formatMs, formatTick } from './format';
import { ticks, tickStep } from './ticks';
import { clampViewport, fitViewport, panBy, revealRange, zoomAt } from './viewport';

describe('viewport', () => {
  it('fits the content with a little padding', () => {
    expect(fitViewport(1000)).toEqual({ start: -20, end: 1020 });
  });

  it('zooms around the anchor so the time under the pointer stays put', () => {
    const vp = zoomAt({ start: 0, end: 1000 }, 0.5, 250, 1000);
    expect(vp).toEqual({ start: 125, end: 625 });
    expect((250 - vp.start) / (vp.end - vp.start)).toBeCloseTo(0.25);
  });

  it('never zooms below the minimum span or out beyond four times the content', () => {
    const tiny = zoomAt({ start: 0, end: 2 }, 0.001, 1, 1000);
    expect(tiny.end - tiny.start).toBeCloseTo(1);
    const wide = zoomAt({ start: 0, end: 1000 }, 100, 500, 1000);
    expect(wide.end - wide.start).toBe(4000);
  });

  it('pans but keeps part of the content on screen', () => {
    expect(panBy({ start: 0, end: 100 }, 50, 1000)).toEqual({ start: 50, end: 150 });
    const far = panBy({ start: 0, end: 100 }, 1e9, 1000);
    expect(far.start).toBeLessThan(1000);
    const back = panBy({ start: 0, end: 100 }, -1e9, 1000);
    expect(back.end).toBeGreaterThan(0);
  });

  it('reveals a range outside the window, widening only when needed', () => {
    expect(revealRange({ start: 0, end: 100 }, 10, 20, 1000)).toEqual({ start: 0, end: 100 });
    const moved = revealRange({ start: 0, end: 100 }, 500, 520, 1000);
    expect(moved.start).toBeLessThanOrEqual(500);
    expect(moved.end).toBeGreaterThanOrEqual(520);
    expect(moved.end - moved.start).toBe(100);
    const widened = revealRange({ start: 0, end: 100 }, 500, 900, 1000);
    expect(widened.end - widened.start).toBe(500);
  });

  it('repairs a non-finite window', () => {
    const vp = clampViewport({ start: Number.NaN, end: Number.NaN }, 1000);
    expect(Number.isFinite(vp.start) && Number.isFinite(vp.end)).toBe(true);
  });
});

describe('ticks', () => {
  it('picks 1/2/5 steps', () => {
    expect(tickStep(1000, 10)).toBe(100);
    expect(tickStep(1300, 10)).toBe(200);
    expect(tickStep(4000, 10)).toBe(500);
    expect(tickStep(0.03, 10)).toBeCloseTo(0.005);
  });

  it('places ticks on multiples of the step inside the window', () => {
    expect(ticks(-20, 1020, 5)).toEqual({ step: 500, values: [0, 500, 1000] });
  });
});

describe('format', () => {
  it('formats durations and offsets in seconds with useful precision', () => {
    expect(formatMs(1234)).toBe('1.2 s');
    expect(formatMs(400)).toBe('0.4 s');
    expect(formatMs(50)).toBe('0.05 s');
    expect(formatMs(3)).toBe('0.003 s');
    expect(formatMs(0)).toBe('0 s');
    expect(formatMs(125_000)).toBe('2 min 5.0 s');
  });

  it('formats ticks by their step', () => {
    expect(formatTick(500, 100)).toBe('500 ms');
    expect(formatTick(1500, 500)).toBe('1.5 s');
    expect(formatTick(2000, 1000)).toBe('2 s');
    expect(formatTick(120_000, 60_000)).toBe('2 min');
    expect(formatTick(0, 1000)).toBe('0');
  });
});
