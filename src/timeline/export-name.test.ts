import { describe, expect, it } from 'vitest';
import { timelineExportHeading, timelineExportName } from './export-name';

describe('timeline export names', () => {
  const when = new Date('2026-11-22T10:30:45Z');

  it('names the file after the session title and the time, not the session id', () => {
    expect(timelineExportName('Weather in Paris & Tokyo', when, 'svg')).toBe(
      'toolscope-timeline-weather-in-paris-tokyo-2026-11-22T10-30.svg',
    );
    expect(timelineExportName(null, when, 'png')).toBe('toolscope-timeline-session-2026-11-22T10-30.png');
  });

  it('puts the title and time in the picture heading', () => {
    expect(timelineExportHeading('Weather in Paris', when)).toBe(
      'Toolscope timeline · Weather in Paris · exported 2026-11-22 10:30 UTC',
    );
    expect(timelineExportHeading('  ', when)).toBe(
      'Toolscope timeline · Untitled session · exported 2026-11-22 10:30 UTC',
    );
  });
});
