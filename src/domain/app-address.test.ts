import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressParam,
  compareAddress,
  formatAddress,
  HOME,
  parseAddress,
  sessionAddress,
  sessionRef,
  type AppAddress,
} from './app-address';

describe('parseAddress', () => {
  it('reads the home address from an empty hash, "#", "#/" and a bare view', () => {
    for (const h of ['', '#', '#/']) expect(parseAddress(h)).toEqual(HOME);
    expect(parseAddress('#/tools')).toEqual({ kind: 'home', view: 'tools', params: [] });
    expect(parseAddress('#/timeline')).toEqual({ kind: 'home', view: 'timeline', params: [] });
  });

  it('reads a session, its views and a selected tool call', () => {
    expect(parseAddress('#/s/abc')).toEqual({
      kind: 'session',
      sessionId: 'abc',
      view: 'chat',
      callId: null,
      params: [],
    });
    expect(parseAddress('#/s/abc/')).toEqual(parseAddress('#/s/abc'));
    expect(parseAddress('#/s/abc/chat')).toEqual(parseAddress('#/s/abc'));
    expect(parseAddress('#/s/abc/timeline')).toMatchObject({ view: 'timeline', callId: null });
    expect(parseAddress('#/s/abc/timeline/call_1')).toMatchObject({
      sessionId: 'abc',
      view: 'timeline',
      callId: 'call_1',
    });
    expect(parseAddress('#/s/abc/tools')).toMatchObject({ view: 'tools' });
  });

  it('decodes ids, so ids holding "/", "?" or spaces survive', () => {
    const a = sessionAddress('a/b?c d', 'timeline', 'call/1#x');
    const hash = formatAddress(a);
    expect(hash).toBe('#/s/a%2Fb%3Fc%20d/timeline/call%2F1%23x');
    expect(parseAddress(hash)).toEqual(a);
  });

  it('reads the compare view with none, one or two sessions chosen', () => {
    expect(parseAddress('#/compare')).toEqual({ kind: 'compare', a: null, b: null, params: [] });
    expect(parseAddress('#/compare/x')).toEqual({ kind: 'compare', a: sessionRef('x'), b: null, params: [] });
    expect(parseAddress('#/compare/x/y')).toEqual({
      kind: 'compare',
      a: sessionRef('x'),
      b: sessionRef('y'),
      params: [],
    });
  });

  it('reads a compare side that names one branch of a session', () => {
    expect(parseAddress('#/compare/s@b1/s@root')).toEqual({
      kind: 'compare',
      a: { sessionId: 's', branchId: 'b1' },
      b: { sessionId: 's', branchId: 'root' },
      params: [],
    });
    // An "@" inside an id is written escaped, so the literal one still separates session and branch.
    const odd = compareAddress({ sessionId: 'a@b', branchId: 'c@d' }, sessionRef('x'));
    expect(formatAddress(odd)).toBe('#/compare/a%40b@c%40d/x');
    expect(parseAddress(formatAddress(odd))).toEqual(odd);
  });

  it('keeps parameters it does not read, in order, for later parts such as a message', () => {
    const a = parseAddress('#/s/abc?m=msg%201&branch=2&flag');
    expect(a).toMatchObject({
      kind: 'session',
      sessionId: 'abc',
      params: [
        ['m', 'msg 1'],
        ['branch', '2'],
        ['flag', ''],
      ],
    });
    expect(addressParam(a, 'm')).toBe('msg 1');
    expect(addressParam(a, 'missing')).toBeNull();
    expect(formatAddress(a)).toBe('#/s/abc?m=msg%201&branch=2&flag');
  });

  it('says "unknown" for what it cannot read instead of guessing', () => {
    for (const h of [
      '#/s',
      '#/s/',
      '#/s/abc/nope',
      '#/s/abc/chat/x',
      '#/s/abc/timeline/x/y',
      '#/nope',
      '#/s//timeline',
      '#abc',
      '#/s/%E0%A4%A',
      '#/compare/a/b/c',
      '#/compare/a@',
      '#/compare/@b',
      '#/compare/a@b@c',
    ]) {
      expect(parseAddress(h), h).toEqual({ kind: 'unknown', hash: h.slice(1) });
    }
  });
});

describe('formatAddress', () => {
  it('writes the short forms', () => {
    expect(formatAddress(HOME)).toBe('#/');
    expect(formatAddress(sessionAddress('abc'))).toBe('#/s/abc');
    expect(formatAddress(sessionAddress('abc', 'timeline', 'c1'))).toBe('#/s/abc/timeline/c1');
    // A call belongs to the timeline only.
    expect(formatAddress(sessionAddress('abc', 'chat', 'c1'))).toBe('#/s/abc');
    expect(formatAddress(compareAddress(sessionRef('a'), sessionRef('b')))).toBe('#/compare/a/b');
    expect(formatAddress(compareAddress(null, sessionRef('b')))).toBe('#/compare');
  });

  it('round-trips every address it can write (property)', () => {
    const id = fc.string({ minLength: 1, maxLength: 12 });
    const view = fc.constantFrom(
      'chat' as const,
      'timeline' as const,
      'tools' as const,
      'memories' as const,
      'tests' as const,
    );
    const ref = fc.record({ sessionId: id, branchId: fc.option(id, { nil: null }) });
    const params = fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 6 }), fc.string({ maxLength: 6 })), {
      maxLength: 3,
    });
    const address: fc.Arbitrary<AppAddress> = fc.oneof(
      fc.record({ kind: fc.constant('home' as const), view, params }),
      fc.tuple(id, view, fc.option(id, { nil: null }), params).map(([sessionId, v, callId, p]) => ({
        kind: 'session' as const,
        sessionId,
        view: v,
        callId: v === 'timeline' ? callId : null,
        params: p,
      })),
      fc.tuple(fc.option(ref, { nil: null }), fc.option(ref, { nil: null }), params).map(([a, b, p]) => ({
        kind: 'compare' as const,
        a,
        b: a === null ? null : b,
        params: p,
      })),
    );
    fc.assert(
      fc.property(address, (a) => {
        expect(parseAddress(formatAddress(a))).toEqual(a);
      }),
    );
  });
});
