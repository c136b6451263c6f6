import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../db/database';
import { DEFAULT_RAW_TRAFFIC_LIMIT_BYTES } from '../../domain/raw-traffic-limit';
import { useSettingsStore } from './settings-store';

const MB = 1024 * 1024;
afterAll(() => db.close());

describe('the raw traffic limit in Settings', () => {
  it('is 5 MB until the person sets one, then kept in storage and read back when the app loads', async () => {
    expect(useSettingsStore.getState().rawTrafficLimitBytes).toBe(DEFAULT_RAW_TRAFFIC_LIMIT_BYTES);
    expect(DEFAULT_RAW_TRAFFIC_LIMIT_BYTES).toBe(5 * MB);
    await useSettingsStore.getState().load();
    expect(useSettingsStore.getState().rawTrafficLimitBytes).toBe(5 * MB);
    await useSettingsStore.getState().setRawTrafficLimit(MB);
    useSettingsStore.setState({ rawTrafficLimitBytes: DEFAULT_RAW_TRAFFIC_LIMIT_BYTES });
    await useSettingsStore.getState().load();
    expect(useSettingsStore.getState().rawTrafficLimitBytes).toBe(MB);
  });

  it('a stored value of the wrong shape falls back to the default', async () => {
    await db.settings.put({ key: 'rawTrafficLimitBytes', value: -3 });
    await useSettingsStore.getState().load();
    expect(useSettingsStore.getState().rawTrafficLimitBytes).toBe(DEFAULT_RAW_TRAFFIC_LIMIT_BYTES);
  });
});
