import { describe, expect, it } from 'vitest';
import { RUN_KNOB_FIELDS, checkKnob, knobTexts, readKnobs } from './run-knobs';

const field = (key: string) => RUN_KNOB_FIELDS.find((f) => f.key === key)!;

describe('run knob fields', () => {
  it('read top P as a fraction, empty as the provider default', () => {
    expect(checkKnob('0.9', field('topP'))).toEqual({ ok: true, value: 0.9 });
    expect(checkKnob(' ', field('topP'))).toEqual({ ok: true, value: null });
    expect(checkKnob('1.5', field('topP'))).toEqual({
      ok: false,
      error: 'The top P must be a number from 0 to 1, or empty for the provider’s default.',
    });
  });

  it('want whole numbers in range for retries, concurrency and the output limit, and say so', () => {
    expect(checkKnob('0', field('maxRetries'))).toEqual({ ok: true, value: 0 });
    expect(checkKnob('2.5', field('maxRetries'))).toEqual({
      ok: false,
      error: 'The number of retries must be a whole number from 0 to 10.',
    });
    expect(checkKnob('', field('toolConcurrency'))).toEqual({
      ok: false,
      error: 'Enter the number of tools run at once, a whole number from 1 to 16.',
    });
    expect(checkKnob('0', field('toolConcurrency')).ok).toBe(false);
    expect(checkKnob('abc', field('toolOutputLimitBytes')).ok).toBe(false);
    expect(checkKnob('2', field('toolOutputLimitBytes'))).toEqual({ ok: true, value: 2048 });
  });

  it('round-trip stored values and name the first wrong field', () => {
    const texts = knobTexts({ topP: null, maxRetries: 3, toolConcurrency: 4, toolOutputLimitBytes: 65_536 });
    expect(texts).toEqual({ topP: '', maxRetries: '3', toolConcurrency: '4', toolOutputLimitBytes: '64' });
    expect(readKnobs(texts)).toEqual({
      ok: true,
      values: { topP: null, maxRetries: 3, toolConcurrency: 4, toolOutputLimitBytes: 65_536 },
    });
    expect(readKnobs({ ...texts, toolConcurrency: '99' })).toEqual({ ok: false, key: 'toolConcurrency' });
    expect(readKnobs({ ...texts, topP: '-1', maxRetries: 'x' })).toEqual({ ok: false, key: 'topP' });
  });
});
