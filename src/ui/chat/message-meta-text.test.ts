import { describe, expect, it } from 'vitest';
import { metaParts } from './message-meta-text';

const usage = { promptTokens: 1200, completionTokens: 34, totalTokens: 1234, estimated: false };

describe('a message meta line', () => {
  it('says tokens, cost and duration when each is known', () => {
    expect(metaParts(2, usage, { kind: 'known', usd: 0.0027, estimated: false }, 1400)).toEqual([
      { kind: 'usage', text: 'Turn 2: 1,234 tokens (1,200 in, 34 out)', lead: '' },
      { kind: 'cost', text: '$0.0027', lead: 'Turn 2 cost: ' },
      { kind: 'duration', text: '1.40 s', lead: 'Turn 2 took ' },
    ]);
  });

  it('leaves out what is not known, and never says a cost is not known', () => {
    expect(metaParts(1, usage, { kind: 'unknown' }, null).map((p) => p.kind)).toEqual(['usage']);
    expect(metaParts(null, null, null, 250)).toEqual([{ kind: 'duration', text: '250 ms', lead: 'This turn took ' }]);
    expect(metaParts(null, null, null, null)).toEqual([]);
  });

  it("says the turn's cache writes and reads in its usage", () => {
    const cached = { ...usage, promptTokens: 1200, cacheWriteTokens: 800, cachedTokens: 300 };
    expect(metaParts(3, cached, null, null)).toEqual([
      {
        kind: 'usage',
        text: 'Turn 3: 1,234 tokens (1,200 in (800 written to cache, 300 read from cache), 34 out)',
        lead: '',
      },
    ]);
  });
});
