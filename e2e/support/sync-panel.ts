/** The "Sync and backup" panel driven by accessible names, as a person would; rounds counted on the status region. */
import { expect, type Page } from '@playwright/test';

export function syncDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Sync and backup' });
}

export function syncStatus(page: Page) {
  return syncDialog(page).getByRole('status', { name: 'Sync status' });
}

export async function openSyncPanel(page: Page): Promise<void> {
  if (!(await syncDialog(page).isVisible())) await page.getByRole('button', { name: 'Sync and backup' }).click();
  await expect(syncDialog(page).getByRole('button', { name: 'Connect storage' })).toBeVisible();
}

export async function rounds(page: Page): Promise<number> {
  return Number((await syncStatus(page).getAttribute('data-rounds')) ?? '0');
}

/** Fills the WebDAV form and connects; waits for the first round to end (or the connection to fail). */
export async function connectWebDav(
  page: Page,
  dav: { url: string; username: string; password: string },
  passphrase: string,
): Promise<void> {
  await openSyncPanel(page);
  const d = syncDialog(page);
  await d.getByRole('combobox', { name: 'Storage' }).selectOption('WebDAV');
  await d.getByLabel('Storage URL').fill(dav.url);
  await d.getByLabel('Username').fill(dav.username);
  await d.getByLabel('Password', { exact: true }).fill(dav.password);
  await d.getByLabel('Sync passphrase').fill(passphrase);
  await d.getByRole('button', { name: 'Connect storage' }).click();
}

/** Clicks "Sync now" and waits until that round is over. */
export async function syncNow(page: Page): Promise<void> {
  await openSyncPanel(page);
  const before = await rounds(page);
  await syncDialog(page).getByRole('button', { name: 'Sync now' }).click();
  await expect.poll(() => rounds(page), { timeout: 20_000 }).toBeGreaterThan(before);
  await expect(syncStatus(page)).toHaveAttribute('aria-busy', 'false');
}

export async function closeSyncPanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(syncDialog(page)).toBeHidden();
}

/** Fills the S3-compatible form and connects; waits for nothing (the caller waits for the status it expects). */
export async function connectS3(
  page: Page,
  s3: { bucketUrl: string; accessKeyId: string; secretAccessKey: string; region: string },
  passphrase: string,
): Promise<void> {
  await openSyncPanel(page);
  const d = syncDialog(page);
  await d.getByRole('combobox', { name: 'Storage' }).selectOption('S3-compatible');
  await d.getByRole('textbox', { name: 'Bucket URL', exact: true }).fill(s3.bucketUrl);
  await d.getByRole('textbox', { name: 'Access key ID', exact: true }).fill(s3.accessKeyId);
  await d.getByLabel('Secret access key', { exact: true }).fill(s3.secretAccessKey);
  await d.getByRole('textbox', { name: 'Region', exact: true }).fill(s3.region);
  await d.getByLabel('Sync passphrase').fill(passphrase);
  await d.getByRole('button', { name: 'Connect storage' }).click();
}
