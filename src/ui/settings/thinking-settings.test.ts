import { describe, expect, it } from 'vitest';
import { readThinking, takesThinking, thinkingTexts } from './thinking-settings';

const texts = (thinkingBudget: string, maxOutputTokens: string, cachePrompt = false) => ({
  thinkingBudget,
  maxOutputTokens,
  cachePrompt,
});

describe('the thinking settings', () => {
  it('belong to Anthropic Messages and Gemini only', () => {
    expect(['chat', 'responses', 'anthropic', 'gemini'].filter((f) => takesThinking(f as never))).toEqual([
      'anthropic',
      'gemini',
    ]);
  });

  it('empty fields send nothing; set ones are read as whole numbers', () => {
    expect(readThinking(texts('', ''), 'anthropic')).toEqual({ ok: true, values: {} });
    expect(readThinking(texts(' 2048 ', '8192', true), 'anthropic')).toEqual({
      ok: true,
      values: { thinkingBudget: 2048, maxOutputTokens: 8192, cachePrompt: true },
    });
    expect(readThinking(texts('1024', ''), 'gemini')).toEqual({ ok: true, values: { thinkingBudget: 1024 } });
  });

  it('refuses a budget under 1024, in words (Gemini also takes 0: thinking off)', () => {
    expect(readThinking(texts('1000', ''), 'anthropic')).toEqual({
      ok: false,
      key: 'thinkingBudget',
      error: 'The thinking budget must be a whole number of at least 1024 tokens, or empty for no thinking.',
    });
    expect(readThinking(texts('0', ''), 'anthropic')).toMatchObject({ ok: false, key: 'thinkingBudget' });
    expect(readThinking(texts('0', '100'), 'gemini')).toEqual({
      ok: true,
      values: { thinkingBudget: 0, maxOutputTokens: 100 },
    });
    expect(readThinking(texts('1500.5', ''), 'gemini')).toMatchObject({ ok: false, key: 'thinkingBudget' });
  });

  it('refuses a budget not below the max output tokens when both are set', () => {
    const read = readThinking(texts('4096', '4096'), 'anthropic');
    expect(read).toEqual({
      ok: false,
      key: 'thinkingBudget',
      error: 'The thinking budget must be below the max output tokens (4096): thinking is part of the output.',
    });
    expect(readThinking(texts('4095', '4096'), 'anthropic').ok).toBe(true);
  });

  it('refuses max output tokens that are not a positive whole number', () => {
    for (const bad of ['0', '-5', 'abc', '2.5'])
      expect(readThinking(texts('', bad), 'gemini'), bad).toMatchObject({ ok: false, key: 'maxOutputTokens' });
  });

  it('"Cache the prompt" is kept for Anthropic only, and stored values show as typed', () => {
    expect(readThinking(texts('', '', true), 'gemini')).toEqual({ ok: true, values: {} });
    expect(thinkingTexts({ thinkingBudget: 2048, cachePrompt: true })).toEqual(texts('2048', '', true));
    expect(thinkingTexts({})).toEqual(texts('', ''));
  });
});
