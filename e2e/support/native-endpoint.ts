/**
 * An Anthropic Messages or Gemini endpoint set up through Settings as a person does: the provider's preset, then the
 * mock server's origin as the base URL (both formats' paths start at the root: /v1/messages, /v1beta/models/…), the
 * key, the model and a thinking budget (docs/wire-formats.md, "Choosing a format in Settings").
 */
import { expect, type Page } from '@playwright/test';
import type { MockServer } from '../server/mock-server';
import { TEST_KEY } from './configured-app';

export type NativeFormat = 'anthropic' | 'gemini';

export const NATIVE = {
  anthropic: { preset: 'Anthropic', api: 'Anthropic Messages', model: 'claude-mock-a' },
  gemini: { preset: 'Google Gemini', api: 'Gemini', model: 'gemini-3-mock' },
} as const;

/**
 * Points Settings at the mock server in `format`, with thinking on (and "Cache the prompt" for Anthropic; the key
 * remembered on this device when asked), and saves.
 */
export async function configureNative(
  page: Page,
  mock: Pick<MockServer, 'origin'>,
  format: NativeFormat,
  opts: { cachePrompt?: boolean; baseURL?: string; remember?: boolean } = {},
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Provider preset' }).selectOption({ label: NATIVE[format].preset });
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(opts.baseURL ?? mock.origin);
  await dialog.getByRole('textbox', { name: 'API key' }).fill(TEST_KEY);
  // Kept past a reload only when remembered on this device.
  if (opts.remember) await dialog.getByRole('checkbox', { name: 'Remember on this device' }).check();
  await dialog.getByRole('textbox', { name: 'Model' }).fill(NATIVE[format].model);
  // Off the provider's own address the API is the person's choice (a page without a session falls back to Chat).
  const api = dialog.getByRole('combobox', { name: 'API' });
  await api.selectOption({ label: NATIVE[format].api });
  await expect(api.locator('option:checked')).toHaveText(NATIVE[format].api);
  await dialog.getByRole('spinbutton', { name: 'Thinking budget (tokens)' }).fill('2048');
  if (opts.cachePrompt) await dialog.getByRole('checkbox', { name: 'Cache the prompt' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}
