import { describe, expect, it } from 'vitest';
import { findCode, findExpression } from './demo-expression';

describe('the demo model finds the arithmetic in a sentence', () => {
  it.each([
    ['what is 17*23', '17 * 23'],
    ['What is 17 × 23?', '17 * 23'],
    ['compute 2^10 minus sqrt(16)', '2 ** 10 - Math.sqrt(16)'],
    ['calculate (3 + 4) x 5 please', '(3 + 4) * 5'],
    ['what is 1,234 + 5', '1234 + 5'],
    ['what is -3 * 4?', '-3 * 4'],
    ['square root of 81 plus 1', 'Math.sqrt(81) + 1'],
    ['max(3, 9, 4) + pi', 'Math.max(3, 9, 4) + Math.PI'],
    ['12 / (4 - 1))', '12 / (4 - 1)'],
  ])('%s → %s', (text, expression) => {
    expect(findExpression(text)).toBe(expression);
  });

  it.each(['hello there', 'what time is it', 'I have 3 apples and 4 pears', 'is 5 > 3', 'sqrt 16'])(
    'finds none in “%s”',
    (text) => {
      expect(findExpression(text)).toBeNull();
    },
  );

  it('takes code between backticks as it is', () => {
    expect(findCode('compute `[1, 2, 3].map((x) => x * 2)` please')).toBe('[1, 2, 3].map((x) => x * 2)');
    expect(findCode('run this:\n```js\nconst a = 2;\na ** 8\n```')).toBe('const a = 2;\na ** 8');
    expect(findCode('no code here')).toBeNull();
  });
});
