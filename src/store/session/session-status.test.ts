import { describe, expect, it } from 'vitest';
import { pickStatus } from './session-status';

describe('pickStatus', () => {
  it('shows this tab’s live run first, and its end when storage lags or failed', () => {
    expect(pickStatus('finished', 'generating')).toBe('generating');
    expect(pickStatus('generating', 'cancelled')).toBe('cancelled');
    expect(pickStatus('idle', 'finished')).toBe('finished');
    expect(pickStatus('failed', 'finished')).toBe('failed');
    expect(pickStatus('interrupted', undefined)).toBe('interrupted');
  });
});
