import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHlc } from './hlc';
import { DELETED, lostVersion, materialize, mergeChange, type Change, type Entity } from './entity-merge';

const h = (ms: number, d: string) => formatHlc({ ms, counter: 0 }, d);

function fold(changes: Change[]): Map<string, Entity> {
  const m = new Map<string, Entity>();
  for (const c of changes) m.set(c.k, mergeChange(m.get(c.k), c).entity);
  return m;
}

const view = (m: Map<string, Entity>) =>
  Object.fromEntries([...m.entries()].sort().map(([k, e]) => [k, materialize(e)]));

describe('entity merge', () => {
  it('last writer wins per field; other fields of the loser stay', () => {
    const m = fold([
      { k: 'sessions/s1', f: { title: { v: 'A', h: h(1, 'a') }, model: { v: 'm1', h: h(1, 'a') } } },
      { k: 'sessions/s1', f: { title: { v: 'B', h: h(2, 'b') } } },
    ]);
    expect(materialize(m.get('sessions/s1')!)).toEqual({ title: 'B', model: 'm1' });
  });

  it('a tombstone deletes; a later edit brings the record back; an earlier one does not', () => {
    const base: Change = {
      k: 'memories/m',
      f: { text: { v: 'x', h: h(1, 'a') }, [DELETED]: { v: false, h: h(1, 'a') } },
    };
    const del: Change = { k: 'memories/m', f: { [DELETED]: { v: true, h: h(3, 'b') } } };
    expect(materialize(fold([base, del]).get('memories/m')!)).toBeNull();
    const early: Change = {
      k: 'memories/m',
      f: { text: { v: 'y', h: h(2, 'a') }, [DELETED]: { v: false, h: h(2, 'a') } },
    };
    expect(materialize(fold([base, del, early]).get('memories/m')!)).toBeNull();
    const late: Change = {
      k: 'memories/m',
      f: { text: { v: 'z', h: h(4, 'a') }, [DELETED]: { v: false, h: h(4, 'a') } },
    };
    expect(materialize(fold([base, late, del]).get('memories/m')!)).toEqual({ text: 'z' });
  });

  it('keeps the losing concurrent title viewable, but not one the winner had seen', () => {
    const a: Change = { k: 'sessions/s', f: { title: { v: 'From A', h: h(5, 'a'), b: h(1, 'a') } } };
    const b: Change = { k: 'sessions/s', f: { title: { v: 'From B', h: h(6, 'b'), b: h(1, 'a') } } };
    const e = fold([b, a]).get('sessions/s')!;
    expect(materialize(e)).toEqual({ title: 'From B' });
    expect(lostVersion(e, 'title')?.v).toBe('From A');
    const seq: Change = { k: 'sessions/s', f: { title: { v: 'Later', h: h(7, 'b'), b: h(5, 'a') } } };
    expect(lostVersion(fold([a, seq]).get('sessions/s')!, 'title')).toBeNull();
  });

  it('any order or repetition of the same changes gives the same state', () => {
    const devices = ['a', 'b', 'c'];
    const change = fc.record({
      id: fc.constantFrom('s1', 's2', 's3'),
      field: fc.constantFrom('title', 'model', DELETED),
      value: fc.oneof(fc.string({ maxLength: 3 }), fc.boolean()),
      ms: fc.integer({ min: 1, max: 20 }),
      dev: fc.constantFrom(...devices),
      base: fc.integer({ min: 0, max: 20 }),
    });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 25 }), fc.array(fc.nat(), { maxLength: 30 }), (raw, picks) => {
        // One value per stamp: a device never stamps two values alike.
        const seen = new Set<string>();
        const changes: Change[] = [];
        for (const r of raw) {
          const stamp = `${r.id}/${r.field}/${h(r.ms, r.dev)}`;
          if (seen.has(stamp)) continue;
          seen.add(stamp);
          changes.push({
            k: `sessions/${r.id}`,
            f: {
              [r.field]: {
                v: r.field === DELETED ? typeof r.value === 'boolean' && r.value : r.value,
                h: h(r.ms, r.dev),
                b: h(r.base, 'a'),
              },
            },
          });
        }
        const shuffled = [...changes].sort(
          (x, y) =>
            JSON.stringify(x).length - JSON.stringify(y).length || (JSON.stringify(x) < JSON.stringify(y) ? -1 : 1),
        );
        const dup = [
          ...shuffled,
          ...picks.map((p) => changes[p % Math.max(1, changes.length)]).filter((c): c is Change => c !== undefined),
        ];
        const one = fold(changes);
        const two = fold(dup.reverse());
        expect(view(two)).toEqual(view(one));
        for (const [k, e] of one) expect(lostVersion(two.get(k)!, 'title')).toEqual(lostVersion(e, 'title'));
      }),
      { numRuns: 300 },
    );
  });
});
