import { describe, expect, it } from 'vitest';
import { anthropicStop } from './anthropic-stop';

describe('anthropicStop', () => {
  it('maps every documented stop_reason to the loop word, with words for all but a normal end', () => {
    const cases: [string, string, RegExp | null][] = [
      ['end_turn', 'stop', null],
      ['stop_sequence', 'stop', null],
      ['tool_use', 'tool_calls', null],
      ['max_tokens', 'length', /max_tokens\. Raise "Max output tokens"/],
      ['refusal', 'content_filter', /declined to go on \(stop reason refusal\)\. Rephrase/],
      ['model_context_window_exceeded', 'context_window', /context window .*Compact the session or start a new one/],
      ['pause_turn', 'pause_turn', /paused a long turn \(pause_turn\)/],
    ];
    for (const [raw, word, note] of cases) {
      const got = anthropicStop(raw);
      expect(got.finishReason, raw).toBe(word);
      if (note === null) expect(got.stopNote, raw).toBeNull();
      else expect(got.stopNote, raw).toMatch(note);
    }
  });

  it('names a reason added later as sent, and survives names of Object.prototype', () => {
    expect(anthropicStop('future_reason')).toEqual({
      finishReason: 'future_reason',
      stopNote: 'Anthropic: it stopped for a reason Toolscope does not know: future_reason. Retry.',
    });
    expect(anthropicStop('constructor').finishReason).toBe('constructor');
    expect(anthropicStop(null)).toEqual({ finishReason: null, stopNote: null });
  });
});
