import { describe, expect, it } from 'vitest';
import { exportFileName, slugify } from './file-name';

describe('exportFileName', () => {
  const when = new Date('2026-11-22T10:30:59Z');
  it('says what and when', () => {
    expect(exportFileName({ kind: 'session', title: 'Weather in Paris & Tokyo!' }, when)).toBe(
      'toolscope-weather-in-paris-tokyo-2026-11-22T10-30.json',
    );
    expect(exportFileName({ kind: 'all', count: 12 }, when)).toBe('toolscope-all-12-sessions-2026-11-22T10-30.json');
    expect(exportFileName({ kind: 'selection', count: 1 }, when)).toBe('toolscope-1-session-2026-11-22T10-30.json');
    expect(exportFileName({ kind: 'openai', title: 'Café' }, when)).toBe(
      'toolscope-cafe-openai-messages-2026-11-22T10-30.json',
    );
  });
  it('falls back when the title has no usable characters', () => {
    expect(slugify('日本語')).toBe('session');
  });
});
