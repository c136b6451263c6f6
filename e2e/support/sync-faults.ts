/**
 * Helpers for sync rounds that meet a failing storage (the fault proxy, src/sync/testing/fault-proxy.ts): what
 * the device's sync state holds (read with the raw IndexedDB API from sync's own database), the round that fails
 * with the sentence a person reads, and what two devices must agree on.
 */
import { expect, type Page } from '@playwright/test';
import type { FaultHandle, Injected } from '../../src/sync/testing/fault-proxy';
import { readStores, DB_NAME, type Row } from './stored-rows';
import { syncDialog, syncNow, syncStatus } from './sync-panel';

/** Sync's own database beside the app's (src/store/sync/sync-service-instance.ts). */
const SYNC_DB = `${DB_NAME}-sync`;

/** The device's id and its outbox (the changes stamped and not yet in an uploaded segment), as stored. */
export async function syncState(page: Page): Promise<{ deviceId: string; outbox: Row[] }> {
  const { meta, outbox } = await readStores(page, ['meta', 'outbox'], SYNC_DB);
  const row = (meta ?? []).find((r) => r.key === 'meta');
  const deviceId = (row?.value as { deviceId?: unknown } | undefined)?.deviceId;
  if (typeof deviceId !== 'string') throw new Error('no sync state on this device');
  return { deviceId, outbox: outbox ?? [] };
}

/** The "Pending" fact of the sync panel. */
export function pendingFact(page: Page) {
  return syncStatus(page).locator('dt:text-is("Pending") + dd');
}

/**
 * Clicks "Sync now" and waits until the round has met the fault and is over; returns the request that failed.
 * The fault is armed before the changes it is meant for are made, so a background round (every 30 s, on focus)
 * meets it the same way.
 */
export async function roundMeetsFault(page: Page, fault: FaultHandle): Promise<Injected> {
  await syncNow(page);
  const hit = await fault.hit;
  await expect(syncStatus(page)).toHaveAttribute('aria-busy', 'false');
  await expect(syncDialog(page).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  return hit;
}

/** A WebDAV store's settings with its address through `proxy`: the same folder, reached through the proxy's origin. */
export function davVia<T extends { url: string }>(dav: T, proxy: { origin: string }): T {
  return { ...dav, url: `${proxy.origin}${new URL(dav.url).pathname}` };
}

/** The request paths of one device's segments under a storage folder or bucket (`/vault/`, `/toolscope/`). */
export function segmentsOf(folder: string, deviceId: string): RegExp {
  return new RegExp(`^${literal(folder)}devices/${deviceId}/seg-\\d+$`);
}

/** Regex-escapes a literal. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What two devices must agree on: every session (its live status is the device's own) and every message, sorted. */
export async function syncedRecords(page: Page): Promise<{ sessions: string[]; messages: string[] }> {
  const { sessions, messages } = await readStores(page, ['sessions', 'messages']);
  const text = (rows: Row[] | undefined, drop: string[]) =>
    (rows ?? [])
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(
            Object.entries(r)
              .filter(([k]) => !drop.includes(k))
              .sort(([a], [b]) => (a < b ? -1 : 1)),
          ),
        ),
      )
      .sort();
  return { sessions: text(sessions, ['status']), messages: text(messages, []) };
}
