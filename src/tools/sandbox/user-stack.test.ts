import { describe, expect, it } from 'vitest';
import { userStack } from './user-stack';

describe('userStack', () => {
  it('numbers positions by the lines of the code the user wrote and drops the wrapper frame', () => {
    const raw = '    at inner (tool.js:2:26)\n    at <anonymous> (tool.js:3:1)\n    at <eval> (tool.js:4:3)\n';
    expect(userStack(raw, 2)).toBe('at inner (line 1, column 26)\nat <anonymous> (line 2, column 1)');
  });

  it('says a syntax error past the last line is at the end of the code', () => {
    expect(userStack('    at tool.js:3:2\n', 1)).toBe('at the end of the code');
    expect(userStack('    at tool.js:2:9\n', 1)).toBe('at line 1, column 9');
  });

  it('keeps frames that are not in tool.js', () => {
    expect(userStack('    at Promise (native)\n    at f (tool.js:2:3)', 1)).toBe(
      'at Promise (native)\nat f (line 1, column 3)',
    );
  });
});
