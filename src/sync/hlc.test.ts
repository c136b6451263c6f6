import { describe, expect, it } from 'vitest';
import { formatHlc, hlcDevice, parseHlc, receive, tick } from './hlc';

describe('hybrid logical clock', () => {
  it('sorts as a string like the clock and keeps the device', () => {
    const a = formatHlc({ ms: 5, counter: 2 }, 'dev-a');
    const b = formatHlc({ ms: 5, counter: 10 }, 'dev-a');
    const c = formatHlc({ ms: 6, counter: 0 }, 'dev-0');
    expect([c, b, a].sort()).toEqual([a, b, c]);
    expect(hlcDevice(a)).toBe('dev-a');
    expect(parseHlc(b)).toEqual({ ms: 5, counter: 10, device: 'dev-a' });
  });

  it('never goes back when the wall clock does, and moves past what it received', () => {
    let s = tick({ ms: 0, counter: 0 }, 100);
    s = tick(s, 50);
    expect(s).toEqual({ ms: 100, counter: 1 });
    s = receive(s, formatHlc({ ms: 200, counter: 3 }, 'b'));
    s = tick(s, 150);
    expect(formatHlc(s, 'a') > formatHlc({ ms: 200, counter: 3 }, 'b')).toBe(true);
  });
});
