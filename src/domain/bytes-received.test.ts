import { describe, expect, it } from 'vitest';
import { bytesReceivedText } from './bytes-received';

describe('bytesReceivedText', () => {
  it('says the bytes so far, and of how many when the length is known', () => {
    expect(bytesReceivedText(12345)).toBe('Received 12,345 bytes');
    expect(bytesReceivedText(100, 3000)).toBe('Received 100 bytes of 3,000');
    expect(bytesReceivedText(0, null)).toBe('Received 0 bytes');
  });
});
