import { describe, expect, it } from 'vitest';
import { DEFAULT_RAW_TRAFFIC_LIMIT_BYTES } from '../../domain/raw-traffic-limit';
import { rawTrafficText, readRawTraffic } from './raw-traffic-field';

const MB = 1024 * 1024;

describe('"Raw traffic kept per session (MB)"', () => {
  it('shows 5 by default and reads megabytes as bytes, halves included', () => {
    expect(rawTrafficText(DEFAULT_RAW_TRAFFIC_LIMIT_BYTES)).toBe('5');
    expect(rawTrafficText(MB / 2)).toBe('0.5');
    expect(readRawTraffic('5')).toBe(5 * MB);
    expect(readRawTraffic(' 0.5 ')).toBe(MB / 2);
    expect(readRawTraffic('100')).toBe(100 * MB);
  });

  it('refuses what is not a number from 0.5 to 100, and an empty field', () => {
    for (const text of ['', '0', '0.4', '-1', '100.5', 'five', 'Infinity']) expect(readRawTraffic(text)).toBeNull();
  });
});
