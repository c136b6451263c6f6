import { describe, expect, it } from 'vitest';
import { prettyArgs } from './pretty-args';

describe('prettyArgs', () => {
  it('indents complete JSON and reads a streaming prefix leniently', () => {
    expect(prettyArgs('{"a":1}', false)).toBe('{\n  "a": 1\n}');
    expect(prettyArgs('{"city":"Par', true)).toBe('{\n  "city": "Par"\n}');
  });
  it('shows invalid final arguments exactly as the model sent them', () => {
    expect(prettyArgs('{"a":', false)).toBe('{"a":');
    expect(prettyArgs('', false)).toBe('{}');
  });
  it('shows very long arguments as they came rather than re-reading them every frame', () => {
    const huge = `{"blob":"${'x'.repeat(40_000)}`;
    expect(prettyArgs(huge, true)).toBe(huge);
    expect(prettyArgs(`${huge}"}`, false)).toBe(`{\n  "blob": "${'x'.repeat(40_000)}"\n}`);
  });
});
