import { describe, expect, it } from 'vitest';
import type { StoredShare } from '../../../sync/stored-shares';
import { describeStoredShare, GONE_SESSION_TITLE, storedShareRows } from './stored-share-rows';

const share = (id: string, sessionId: string, createdAt: number, extra: Partial<StoredShare> = {}): StoredShare => ({
  id,
  sessionId,
  storage: 'https://dav.example/store/',
  path: `shares/${id}`,
  createdAt,
  toolResults: false,
  ...extra,
});

describe('storedShareRows', () => {
  const shares = [
    share('a', 's1', 100),
    share('b', 's2', 300, { toolResults: true, storage: 'https://bucket.example' }),
    share('c', 'gone', 200, { removedAt: 400 }),
    share('d', 's3', 50),
  ];
  const titles = new Map([
    ['s1', 'Weather in Oslo'],
    ['s2', 'Trip plan'],
    ['s3', 'New session'],
  ]);

  it('lists every share of the device newest first, with its title, storage and state', () => {
    const rows = storedShareRows(shares, titles);
    expect(rows.map((r) => r.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(rows[0]).toEqual({
      id: 'b',
      sessionId: 's2',
      title: 'Trip plan',
      where: 'https://bucket.example',
      createdAt: 300,
      toolResults: true,
    });
    expect(rows[1]?.removedAt).toBe(400);
    expect(rows[1]?.title).toBe(GONE_SESSION_TITLE);
    expect(rows[3]?.title).toBe('Untitled session');
  });

  it("keeps one session's shares when asked", () => {
    expect(storedShareRows(shares, titles, 's1').map((r) => r.id)).toEqual(['a']);
    expect(storedShareRows(shares, titles, 'none')).toEqual([]);
  });
});

describe('describeStoredShare', () => {
  const [live, removed] = storedShareRows(
    [
      share('a', 's1', Date.UTC(2026, 0, 2), { toolResults: true }),
      share('c', 's1', Date.UTC(2026, 0, 1), { removedAt: Date.UTC(2026, 0, 3) }),
    ],
    new Map([['s1', 'Weather']]),
  );

  it('says the title and where only when asked', () => {
    if (!live) throw new Error('no row');
    const short = describeStoredShare(live, { withTitle: false, withWhere: false });
    expect(short).toMatch(/^Made .+, with tool results$/);
    const full = describeStoredShare(live, { withTitle: true, withWhere: true });
    expect(full).toMatch(/^Weather: Made .+, with tool results, on https:\/\/dav\.example\/store\/$/);
  });

  it('says when sharing was stopped', () => {
    if (!removed) throw new Error('no row');
    expect(describeStoredShare(removed, { withTitle: true, withWhere: false })).toMatch(
      /^Weather: Made .+, without tool results · sharing stopped .+$/,
    );
  });
});
