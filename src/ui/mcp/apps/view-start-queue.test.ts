import { describe, expect, it } from 'vitest';
import { takeStartSlot } from './view-start-queue';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('takeStartSlot', () => {
  it('starts one View at a time, skips one that left while waiting, and a started View keeps its slot until it releases it', async () => {
    const started: string[] = [];
    const releases: Record<string, () => void> = {};
    const take = (name: string) =>
      takeStartSlot((release) => {
        started.push(name);
        releases[name] = release;
      });
    const cancelA = take('a');
    take('b');
    const cancelC = take('c');
    take('d');
    expect(started).toEqual(['a']);
    // The effect that asked re-runs once "a" has started: that must not hand the slot on.
    cancelA();
    await tick();
    expect(started).toEqual(['a']);
    releases.a?.();
    await tick();
    expect(started).toEqual(['a', 'b']);
    cancelC();
    releases.b?.();
    releases.b?.();
    await tick();
    expect(started).toEqual(['a', 'b', 'd']);
    releases.d?.();
  });
});
