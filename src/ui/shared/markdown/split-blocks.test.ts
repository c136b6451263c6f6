import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitMarkdownBlocks } from './split-blocks';

describe('splitMarkdownBlocks', () => {
  it('splits at blank lines but never inside a fenced code block', () => {
    const text = 'Para one\nstill one\n\nPara two\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter';
    expect(splitMarkdownBlocks(text)).toEqual([
      'Para one\nstill one\n',
      'Para two\n',
      '```js\nconst a = 1;\n\nconst b = 2;\n```\n',
      'After',
    ]);
  });

  it('keeps an unclosed fence (still streaming) as one last block', () => {
    expect(splitMarkdownBlocks('Intro\n\n```\ncode\n\nmore')).toEqual(['Intro\n', '```\ncode\n\nmore']);
  });

  it('loses no non-blank text, in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'b c', '', '```', '~~~', '- item', '  '), { maxLength: 30 }),
        (lines) => {
          const text = lines.join('\n');
          const squash = (s: string) => s.replace(/\s+/g, '');
          expect(squash(splitMarkdownBlocks(text).join(''))).toBe(squash(text));
        },
      ),
    );
  });
});
