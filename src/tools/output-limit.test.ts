import { describe, expect, it } from 'vitest';
import { createLogCollector, cutOutput, utf8Length } from './output-limit';

describe('cutOutput', () => {
  it('leaves text within the limit alone', () => {
    expect(cutOutput('hello', 5)).toBe('hello');
  });

  it('cuts at the byte limit and says how many bytes were dropped', () => {
    const out = cutOutput('a'.repeat(100), 10);
    expect(out).toBe(`${'a'.repeat(10)}\n…[output truncated: 90 bytes omitted]`);
  });

  it('never splits a multi-byte character', () => {
    // "é" is 2 bytes; a 5-byte cut would land inside the third one.
    const out = cutOutput('ééééé', 5);
    expect(out.startsWith('éé\n…')).toBe(true);
    expect(out).toContain('6 bytes omitted');
  });

  it('measures bytes, not UTF-16 units', () => {
    const emoji = '😀'.repeat(20); // 4 bytes each
    expect(utf8Length(emoji)).toBe(80);
    expect(cutOutput(emoji, 80)).toBe(emoji);
    expect(cutOutput(emoji, 79)).toContain('4 bytes omitted');
  });
});

describe('createLogCollector', () => {
  it('keeps entries within the byte budget, cuts the one that crosses it and counts what follows', () => {
    const log = createLogCollector(10);
    log.add('log', 'abcd', 1);
    log.add('info', 'efghijkl', 2);
    log.add('warn', 'dropped', 3);
    expect(log.logs()).toEqual([
      { level: 'log', text: 'abcd', t: 1 },
      { level: 'info', text: 'efghij\n…[output truncated: 2 bytes omitted]', t: 2 },
      { level: 'warn', text: '…[1 more log entry dropped: the log is limited to 10 bytes]', t: 3 },
    ]);
  });

  it('bounds the number of entries even when they are empty', () => {
    const log = createLogCollector(64 * 1024, 3);
    for (let i = 0; i < 10; i++) log.add('log', '', i);
    expect(log.logs().map((l) => l.text)).toEqual([
      '',
      '',
      '',
      '…[7 more log entries dropped: the log is limited to 3 entries]',
    ]);
  });

  it('does not encode a huge line to learn it is too long', () => {
    const log = createLogCollector(4);
    log.add('log', 'x'.repeat(1_000), 0);
    expect(log.logs()).toEqual([{ level: 'log', text: 'xxxx\n…[output truncated: 996 bytes omitted]', t: 0 }]);
  });
});
