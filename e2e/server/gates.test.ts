import { describe, expect, it } from 'vitest';
import { createGates } from './gates';

const never = () => new AbortController().signal;

describe('gates', () => {
  it('hold an arrival until its gate is released, one arrival per release, in order of arrival', async () => {
    const gates = createGates();
    const passed: string[] = [];
    const a = gates.pass('g', never()).then((ok) => passed.push(`a:${ok}`));
    const b = gates.pass('g', never()).then((ok) => passed.push(`b:${ok}`));
    await Promise.resolve();
    expect(gates.waiting('g')).toBe(2);
    expect(passed).toEqual([]);
    gates.release('g');
    await a;
    expect(passed).toEqual(['a:true']);
    expect(gates.waiting('g')).toBe(1);
    gates.release('other');
    expect(gates.waiting('g')).toBe(1);
    gates.release('g');
    await b;
    expect(passed).toEqual(['a:true', 'b:true']);
  });

  it('keep a release that comes first for the next arrival, and count several', async () => {
    const gates = createGates();
    gates.release('g', 2);
    expect(await gates.pass('g', never())).toBe(true);
    expect(await gates.pass('g', never())).toBe(true);
    let third = false;
    void gates.pass('g', never()).then(() => (third = true));
    await new Promise((r) => setTimeout(r, 0));
    expect(third).toBe(false);
    expect(gates.waiting('g')).toBe(1);
  });

  it('let an arrival whose client left stop waiting, without taking a later release', async () => {
    const gates = createGates();
    const gone = new AbortController();
    const changes: number[] = [];
    gates.onChange(() => changes.push(gates.waiting('g')));
    const left = gates.pass('g', gone.signal);
    const stays = gates.pass('g', never());
    gone.abort();
    expect(await left).toBe(false);
    expect(gates.waiting('g')).toBe(1);
    gates.release('g');
    expect(await stays).toBe(true);
    expect(changes).toEqual([1, 2, 1, 0]);
    expect(await gates.pass('g', gone.signal)).toBe(false);
  });
});
