import { describe, expect, it } from 'vitest';
import { isLiveStatus, LIVE_STATUSES, type SessionStatus } from './session';

describe('isLiveStatus', () => {
  it('is true only while a run is under way', () => {
    const all: SessionStatus[] = [
      'idle',
      'generating',
      'running_tools',
      'awaiting_approval',
      'finished',
      'failed',
      'cancelled',
      'interrupted',
    ];
    expect(all.filter(isLiveStatus)).toEqual(['generating', 'running_tools', 'awaiting_approval']);
    expect(all.filter(isLiveStatus)).toEqual([...LIVE_STATUSES]);
    expect(isLiveStatus(undefined)).toBe(false);
    expect(isLiveStatus(null)).toBe(false);
  });
});
