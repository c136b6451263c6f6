import { describe, expect, it } from 'vitest';
import type { ToolExecutor, ToolHandle } from '../agent/tool-executor';
import { createRememberTool, withExtraTools } from './remember-tool';

const ctx = { signal: new AbortController().signal, timeoutMs: 1000, callId: 'c1' };

describe('remember tool', () => {
  it('validates its arguments', () => {
    const t = createRememberTool(async () => {});
    expect(t.validate({ text: 'likes tea' })).toEqual([]);
    expect(t.validate({})).toEqual([{ path: '/text', message: 'must be a string' }]);
    expect(t.validate({ text: '  ' })).toEqual([{ path: '/text', message: 'must not be empty' }]);
    expect(t.validate({ text: 'ok', other: 1 })).toEqual([{ path: '/other', message: 'is not an allowed property' }]);
    expect(t.validate('text')).toEqual([{ path: '/', message: 'must be an object' }]);
  });
  it('saves the trimmed text', async () => {
    const saved: string[] = [];
    const t = createRememberTool(async (s) => {
      saved.push(s);
    });
    const r = await t.run({ text: ' likes tea ' }, ctx);
    expect(saved).toEqual(['likes tea']);
    expect(r.outcome).toBe('ok');
  });
  it('adds tools to an executor, replacing a same-named user tool', () => {
    const user = (name: string): ToolHandle => ({
      ...createRememberTool(async () => {}),
      spec: { name, description: 'user', parameters: {} },
    });
    const base: ToolExecutor = {
      list: () => [user('a'), user('remember')],
      get: (n) => (n === 'a' ? user('a') : n === 'remember' ? user('remember') : undefined),
    };
    const merged = withExtraTools(base, [createRememberTool(async () => {})]);
    expect(merged.list().map((h) => [h.spec.name, h.spec.description === 'user'])).toEqual([
      ['a', true],
      ['remember', false],
    ]);
    expect(merged.get('remember')?.spec.description).not.toBe('user');
    expect(merged.get('a')?.spec.description).toBe('user');
    expect(merged.get('zzz')).toBeUndefined();
  });
});
