import 'fake-indexeddb/auto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { db } from '../db/database';
import type { WireExchange } from '../domain/wire-exchange';
import { defaultRunDeps } from './default-run-deps';
import { useSettingsStore } from './settings/settings-store';

const put = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../db/wire-exchanges-repo', () => ({ putWireExchange: put }));

afterAll(() => db.close());

const exchange: WireExchange = {
  id: 'x',
  sessionId: 's',
  owner: { kind: 'model', runId: 'r', messageId: 'm', attempt: 1 },
  startedAt: 1,
  request: { method: 'POST', url: 'http://h/v1', headers: [], body: null },
};

describe("a run's raw traffic", () => {
  it('is stored within the limit Settings hold at the time, not the default', async () => {
    const deps = defaultRunDeps();
    useSettingsStore.setState({ rawTrafficLimitBytes: 512 * 1024 });
    deps.recordExchange?.(exchange);
    await vi.waitFor(() => expect(put).toHaveBeenCalledWith(db, exchange, 512 * 1024));
    useSettingsStore.setState({ rawTrafficLimitBytes: 2 * 1024 * 1024 });
    deps.recordExchange?.(exchange);
    await vi.waitFor(() => expect(put).toHaveBeenLastCalledWith(db, exchange, 2 * 1024 * 1024));
  });
});
