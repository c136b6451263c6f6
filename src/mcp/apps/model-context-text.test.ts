import { describe, expect, it } from 'vitest';
import { modelContextText } from './model-context-text';

describe("the text of a View's model context", () => {
  it('joins text blocks, marks other blocks, and adds structured content as JSON', () => {
    expect(
      modelContextText({
        content: [
          { type: 'text', text: 'a' },
          { type: 'image', data: 'x', mimeType: 'image/png' },
        ],
        structuredContent: { n: 1 },
      }),
    ).toBe('a\n[image]\n{"n":1}');
    expect(modelContextText({ structuredContent: [1] })).toBe('[1]');
    expect(modelContextText({})).toBe('');
  });

  it('gives null for what is not that shape (stored JSON is untrusted)', () => {
    for (const bad of [null, 'text', [], { content: 'x' }, { content: [null] }, { content: [{ text: 'no type' }] }])
      expect(modelContextText(bad)).toBeNull();
  });
});
