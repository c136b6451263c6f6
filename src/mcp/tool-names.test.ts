import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODEL_TOOL_NAME, mapToolNames, type ToolNameEntry } from './tool-names';

const entry = (toolName: string, serverKey = 's1', prefix = 'github'): ToolNameEntry => ({
  serverKey,
  prefix,
  toolName,
});

describe('model-facing MCP tool names', () => {
  it('prefix the server and keep a clean name as it is', () => {
    expect(mapToolNames([entry('search_issues')]).map((m) => m.modelName)).toEqual(['github__search_issues']);
  });

  it('turn characters a function name cannot hold into _', () => {
    const [m] = mapToolNames([entry('lookup.user', 's1', 'My Server!')]);
    expect(m?.modelName).toBe('My_Server__lookup_user');
  });

  it('resolve collisions with a hash of server and tool, whatever the listing order', () => {
    const tools = [entry('lookup.user'), entry('lookup_user'), entry('other')];
    const once = mapToolNames(tools);
    const reversed = mapToolNames([...tools].reverse());
    expect(reversed).toEqual(once);
    const names = once.map((m) => m.modelName);
    expect(new Set(names).size).toBe(3);
    expect(names).toContain('github__other');
    expect(names.filter((n) => /^github__lookup_user_[0-9a-f]{8}$/.test(n))).toHaveLength(2);
  });

  it('keep two servers with the same tool apart, and stay off reserved names', () => {
    const mapped = mapToolNames([entry('search', 'a', 'docs'), entry('search', 'b', 'docs')], ['js_eval']);
    expect(new Set(mapped.map((m) => m.modelName)).size).toBe(2);
    const [r] = mapToolNames([entry('eval', 's', 'js')], ['js__eval']);
    expect(r?.modelName).toMatch(/^js__eval_[0-9a-f]{8}$/);
  });

  it('map the same tool listed under two prefixes the same way in either order', () => {
    const twice = [entry('search', 's', 'a'), entry('search', 's', 'b')];
    expect(mapToolNames([...twice].reverse())).toEqual(mapToolNames(twice));
  });

  it('cut long names to 64 characters', () => {
    const [m] = mapToolNames([entry(`very-long-${'n'.repeat(90)}`)]);
    expect(m?.modelName.length).toBe(64);
    expect(m?.modelName).toMatch(MODEL_TOOL_NAME);
  });

  it('always give valid, unique names (property)', () => {
    const arbEntry = fc.record({
      serverKey: fc.constantFrom('a', 'b', 'c'),
      prefix: fc.string({ maxLength: 40 }),
      toolName: fc.string({ minLength: 1, maxLength: 128 }),
    });
    fc.assert(
      fc.property(
        fc.array(arbEntry, { maxLength: 30 }),
        fc.array(fc.string({ maxLength: 70 }), { maxLength: 5 }),
        (entries, reserved) => {
          const mapped = mapToolNames(entries, reserved);
          const names = mapped.map((m) => m.modelName);
          for (const n of names) expect(n).toMatch(MODEL_TOOL_NAME);
          expect(new Set(names).size).toBe(names.length);
          for (const n of names) expect(reserved).not.toContain(n);
          expect(mapToolNames([...entries].reverse(), reserved)).toEqual(mapped);
        },
      ),
    );
  });
});
