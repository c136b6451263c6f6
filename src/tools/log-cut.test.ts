import { describe, expect, it } from 'vitest';
import { createLogCollector } from './output-limit';
import { logHeading, splitLog } from './log-cut';

describe('splitLog', () => {
  it('finds the entry the collector adds when it drops entries, and counts what was logged', () => {
    const c = createLogCollector(64 * 1024);
    for (let i = 0; i < 100_000; i++) c.add('log', `line ${String(i).padStart(6, '0')} ${'x'.repeat(88)}`, i);
    const log = splitLog(c.logs());
    expect(log.entries).toHaveLength(656);
    expect(log.entries[655]?.text).toMatch(/\n…\[output truncated: \d+ bytes omitted\]$/);
    expect(log.dropped?.count).toBe(99_344);
    expect(log.dropped?.entry.text).toBe('…[99344 more log entries dropped: the log is limited to 64 KB]');
    expect(logHeading(log)).toBe('Logs (656 of 100,000 kept)');
  });

  it('reads the entry-count marker and the one-entry wording', () => {
    const c = createLogCollector(64 * 1024, 2);
    for (const t of ['a', 'b', 'c']) c.add('log', t, 0);
    const log = splitLog(c.logs());
    expect(log.dropped?.entry.text).toBe('…[1 more log entry dropped: the log is limited to 2 entries]');
    expect(logHeading(log)).toBe('Logs (2 of 3 kept)');
  });

  it('leaves a whole log, and a tool printing the same words, as they are', () => {
    expect(
      logHeading(
        splitLog([
          { level: 'log', text: 'a' },
          { level: 'warn', text: 'b' },
        ]),
      ),
    ).toBe('Logs (2)');
    const spoof = [{ level: 'log', text: '…[5 more log entries dropped: the log is limited to 64 KB]' }];
    expect(splitLog(spoof)).toEqual({ entries: spoof, dropped: null });
    expect(splitLog([])).toEqual({ entries: [], dropped: null });
  });
});
