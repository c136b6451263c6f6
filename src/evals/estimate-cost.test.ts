import { describe, expect, it } from 'vitest';
import type { EvalCaseRecord } from '../domain/eval-case';
import { estimateSuiteCost } from './estimate-cost';

const c = (content: string): EvalCaseRecord => ({
  id: 'c',
  suiteId: 's',
  name: 'n',
  createdAt: 1,
  updatedAt: 1,
  request: { model: 'm', messages: [{ id: 'u', createdAt: 1, role: 'user', content }], tools: [] },
  recorded: [],
  checks: [],
});

describe('estimateSuiteCost', () => {
  it('prices every case once per priced model and names the models with no price', () => {
    const price = (m: string) => (m === 'a' ? { input: 1_000_000, output: 0 } : null);
    const one = estimateSuiteCost([c('x'.repeat(400))], ['a', 'b'], price);
    expect(one.unpriced).toEqual(['b']);
    const two = estimateSuiteCost([c('x'.repeat(400)), c('x'.repeat(400))], ['a'], price);
    expect(two.usd).toBeCloseTo(one.usd * 2);
    expect(one.usd).toBeGreaterThan(100);
  });
});
