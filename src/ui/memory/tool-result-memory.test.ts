import { describe, expect, it } from 'vitest';
import { TOOL_RESULT_MEMORY_CHARS, toolResultMemory } from './tool-result-memory';

describe('toolResultMemory', () => {
  it('names the tool and keeps a short result whole', () => {
    expect(toolResultMemory('get_weather', ' {"temp":21} ')).toBe('get_weather result: {"temp":21}');
  });
  it('keeps only the start of a long result and says it was cut; nothing for an empty one', () => {
    const m = toolResultMemory('fetch', 'x'.repeat(10_000));
    expect(m).toBe(`fetch result: ${'x'.repeat(TOOL_RESULT_MEMORY_CHARS)}… (cut from 10000 characters)`);
    expect(toolResultMemory('fetch', '  ')).toBe('');
  });
});
