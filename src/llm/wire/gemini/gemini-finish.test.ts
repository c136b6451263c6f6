import { describe, expect, it } from 'vitest';
import { blockingRatings, geminiFinishReason, geminiStopNote, geminiUsage } from './gemini-finish';

describe('geminiFinishReason', () => {
  it('maps to the loop words and keeps the rest as sent', () => {
    const cases: [string, boolean, string][] = [
      ['STOP', false, 'stop'],
      ['STOP', true, 'tool_calls'],
      ['MAX_TOKENS', true, 'length'],
      ['SAFETY', false, 'content_filter'],
      ['RECITATION', false, 'content_filter'],
      ['BLOCKLIST', false, 'content_filter'],
      ['PROHIBITED_CONTENT', false, 'content_filter'],
      ['SPII', false, 'content_filter'],
      ['IMAGE_SAFETY', false, 'content_filter'],
      ['MALFORMED_FUNCTION_CALL', true, 'MALFORMED_FUNCTION_CALL'],
      ['UNEXPECTED_TOOL_CALL', false, 'UNEXPECTED_TOOL_CALL'],
      ['OTHER', false, 'OTHER'],
      ['SOMETHING_NEW', false, 'SOMETHING_NEW'],
    ];
    for (const [raw, calls, want] of cases) expect(geminiFinishReason(raw, calls), raw).toBe(want);
  });
});

describe('geminiUsage', () => {
  it('counts tool-use prompt tokens as read and thoughts as written', () => {
    expect(
      geminiUsage({
        promptTokenCount: 100,
        cachedContentTokenCount: 60,
        toolUsePromptTokenCount: 5,
        candidatesTokenCount: 7,
        thoughtsTokenCount: 3,
        totalTokenCount: 115,
      }),
    ).toEqual({
      promptTokens: 105,
      completionTokens: 10,
      totalTokens: 115,
      estimated: false,
      reasoningTokens: 3,
      cachedTokens: 60,
    });
  });

  it('sums the total when Gemini gives none, and claims no reasoning or cache it did not report', () => {
    expect(geminiUsage({ promptTokenCount: 4, candidatesTokenCount: 2 })).toEqual({
      promptTokens: 4,
      completionTokens: 2,
      totalTokens: 6,
      estimated: false,
    });
  });
});

describe('blockingRatings', () => {
  it('prefers the ratings flagged blocked, else MEDIUM and HIGH', () => {
    const flagged = [
      { category: 'A', probability: 'HIGH' },
      { category: 'B', probability: 'LOW', blocked: true },
    ];
    expect(blockingRatings(flagged)).toEqual([{ category: 'B', probability: 'LOW', blocked: true }]);
    expect(
      blockingRatings([
        { category: 'A', probability: 'NEGLIGIBLE' },
        { category: 'C', probability: 'MEDIUM' },
      ]),
    ).toEqual([{ category: 'C', probability: 'MEDIUM' }]);
    expect(blockingRatings(undefined)).toEqual([]);
  });
});

describe('geminiStopNote', () => {
  const none = { blockReason: null, finishMessage: null, safety: [] };
  it('says nothing for a normal end', () => {
    expect(geminiStopNote({ ...none, finishReason: 'STOP' })).toBeNull();
    expect(geminiStopNote({ ...none, finishReason: null })).toBeNull();
  });

  it('names each stop with what to do, and an unknown one as sent', () => {
    const cases: [string, RegExp][] = [
      ['RECITATION', /recited source material too closely \(RECITATION\)\. Ask for it/],
      ['BLOCKLIST', /blocked term \(BLOCKLIST\)\. Rephrase/],
      ['PROHIBITED_CONTENT', /prohibited content \(PROHIBITED_CONTENT\)\. Rephrase/],
      ['SPII', /sensitive personal information \(SPII\)\. Ask without/],
      ['OTHER', /unstated reason \(OTHER\)\. Retry\./],
      ['SOMETHING_NEW', /^Gemini: it stopped for a reason Toolscope does not know: SOMETHING_NEW\. Retry\.$/],
    ];
    for (const [raw, want] of cases) expect(geminiStopNote({ ...none, finishReason: raw }), raw).toMatch(want);
  });

  it('gives the categories that blocked it and the provider words, a blocked prompt first', () => {
    const safety = [{ category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'HIGH', blocked: true }];
    expect(geminiStopNote({ finishReason: 'SAFETY', blockReason: null, finishMessage: 'Blocked', safety })).toBe(
      'Gemini: its safety filter stopped the reply (SAFETY). Flagged: hate speech (HIGH). The provider said: ' +
        'Blocked. Rephrase the message and send it again.',
    );
    expect(geminiStopNote({ ...none, finishReason: null, blockReason: 'OTHER' })).toBe(
      'Gemini blocked the prompt (OTHER): no reply was written. Rephrase the message and send it again.',
    );
  });
});
