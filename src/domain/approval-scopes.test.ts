import { describe, expect, it } from 'vitest';
import { describeScope, isApprovalScopes, scopeDecision, withoutScope, withScope, type ApprovalScope } from './approval-scopes';

const always = (tool: string): ApprovalScope => ({ kind: 'always', tool, decision: 'approve', at: 1 });
const session = (sessionId: string, tool: string, decision: 'approve' | 'deny'): ApprovalScope => ({ kind: 'session', sessionId, tool, decision, at: 2 });

describe('approval scopes', () => {
  it('answers only for the tool and session they were given for', () => {
    const scopes = [session('s1', 'get_weather', 'approve'), always('current_time')];
    expect(scopeDecision(scopes, 's1', 'get_weather')?.decision).toBe('approve');
    expect(scopeDecision(scopes, 's2', 'get_weather')).toBeNull();
    expect(scopeDecision(scopes, 's1', 'fetch_url')).toBeNull();
    expect(scopeDecision(scopes, 's2', 'current_time')?.scope.kind).toBe('always');
  });

  it('a deny for this session wins over always-allow in that session only', () => {
    const scopes = [always('get_weather'), session('s1', 'get_weather', 'deny')];
    expect(scopeDecision(scopes, 's1', 'get_weather')?.decision).toBe('deny');
    expect(scopeDecision(scopes, 's2', 'get_weather')?.decision).toBe('approve');
  });

  it('a later answer for the same tool and place replaces the earlier; revoking removes it', () => {
    let scopes = withScope([], session('s1', 'get_weather', 'approve'));
    scopes = withScope(scopes, session('s1', 'get_weather', 'deny'));
    expect(scopes).toHaveLength(1);
    expect(scopeDecision(scopes, 's1', 'get_weather')?.decision).toBe('deny');
    scopes = withScope(scopes, always('get_weather'));
    expect(scopes).toHaveLength(2);
    scopes = withoutScope(scopes, session('s1', 'get_weather', 'approve'));
    expect(scopes).toEqual([always('get_weather')]);
    expect(withoutScope(scopes, always('get_weather'))).toEqual([]);
  });

  it('reads stored values of the wrong shape as not scopes', () => {
    expect(isApprovalScopes([always('a'), session('s', 'b', 'deny')])).toBe(true);
    expect(isApprovalScopes([{ kind: 'always', tool: 'a', decision: 'deny', at: 1 }])).toBe(false);
    expect(isApprovalScopes([{ kind: 'session', tool: 'a', decision: 'approve', at: 1 }])).toBe(false);
    expect(isApprovalScopes({})).toBe(false);
    expect(isApprovalScopes(null)).toBe(false);
  });

  it('describes each scope in words', () => {
    expect(describeScope(always('get_weather'))).toBe('get_weather: always allowed');
    expect(describeScope(session('s', 'get_weather', 'deny'), 'Trip')).toBe('get_weather: denied in “Trip”');
  });
});
