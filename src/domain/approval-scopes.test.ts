import { describe, expect, it } from 'vitest';
import {
  describeScope,
  isApprovalScopes,
  scopeAnswerText,
  scopeDecision,
  withoutScope,
  withScope,
  type ApprovalScope,
} from './approval-scopes';

const always = (tool: string): ApprovalScope => ({ kind: 'always', tool, decision: 'approve', at: 1 });
const session = (sessionId: string, tool: string, decision: 'approve' | 'deny'): ApprovalScope => ({
  kind: 'session',
  sessionId,
  tool,
  decision,
  at: 2,
});

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

  it('a rule limits an approval to calls whose arguments match it; other calls ask', () => {
    const rule = { argument: 'url', test: 'starts-with' as const, value: 'https://example.com/' };
    const scopes: ApprovalScope[] = [{ ...always('fetch_page'), rule }];
    expect(scopeDecision(scopes, 's1', 'fetch_page', '{"url":"https://example.com/a"}')?.decision).toBe('approve');
    expect(scopeDecision(scopes, 's1', 'fetch_page', '{"url":"https://example.com.evil.test/"}')).toBeNull();
    expect(scopeDecision(scopes, 's1', 'fetch_page', '{"url":3}')).toBeNull();
    expect(scopeDecision(scopes, 's1', 'fetch_page', 'not json')).toBeNull();
    // A rule scope stands beside the unruled one; revoking one keeps the other.
    const both = withScope(scopes, always('fetch_page'));
    expect(both).toHaveLength(2);
    expect(withoutScope(both, always('fetch_page'))).toEqual(scopes);
    expect(describeScope(scopes[0]!)).toBe('fetch_page: always allowed when url starts with “https://example.com/”');
    expect(scopeAnswerText(scopes[0]!)).toBe(
      'rule “fetch_page: always allowed when url starts with “https://example.com/””',
    );
    expect(scopeAnswerText(always('x'))).toBe('standing answer “x: always allowed”');
  });

  it('a deny for this session wins over a rule that approves in it', () => {
    const rule = { argument: 'city', test: 'equals' as const, value: 'Paris' };
    const scopes: ApprovalScope[] = [
      { ...session('s1', 'get_weather', 'approve'), rule },
      session('s1', 'get_weather', 'deny'),
    ];
    expect(scopeDecision(scopes, 's1', 'get_weather', '{"city":"Paris"}')?.decision).toBe('deny');
  });

  it('an MCP scope holds for its server and tool only while the schema and annotations it was given for last', () => {
    const key = { tool: 'mcp:srv-1/search', version: 'v1' };
    const scopes: ApprovalScope[] = [{ ...always(key.tool), version: 'v1', label: 'github__search' }];
    expect(scopeDecision(scopes, 's', key)?.decision).toBe('approve');
    expect(scopeDecision(scopes, 's', { tool: key.tool, version: 'v2' })).toBeNull();
    expect(scopeDecision(scopes, 's', { tool: 'mcp:srv-2/search', version: 'v1' })).toBeNull();
    expect(scopeDecision(scopes, 's', 'github__search')).toBeNull();
    expect(describeScope(scopes[0]!)).toBe('github__search: always allowed');
    // Answered again after the change, the new answer replaces the stale one.
    expect(withScope(scopes, { ...always(key.tool), version: 'v2' })).toEqual([{ ...always(key.tool), version: 'v2' }]);
  });

  it('reads scopes with a damaged rule, label or version as not scopes', () => {
    expect(
      isApprovalScopes([
        { ...always('a'), rule: { argument: 'u', test: 'starts-with', value: 'h' }, label: 'A', version: '1' },
      ]),
    ).toBe(true);
    expect(isApprovalScopes([{ ...always('a'), rule: { argument: 'u', test: 'matches', value: 'h' } }])).toBe(false);
    expect(isApprovalScopes([{ ...always('a'), version: 2 }])).toBe(false);
  });
});
