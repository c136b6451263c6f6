/**
 * The usual start of an end-to-end test: the app opened and its Settings pointed at the mock server, through
 * the UI by accessible name, as a person would.
 */
import { expect, type Page } from '@playwright/test';
import type { MockServer } from '../server/mock-server';

export const TEST_KEY = 'sk-test-0123456789';

export async function openApp(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Chat' })).toBeVisible();
}

type ConfigureOptions = {
  apiKey?: string;
  model?: string;
  baseURL?: string;
  remember?: boolean;
  maxTurns?: number;
  maxToolCallsPerTurn?: number;
};

/** Opens Settings, fills key, base URL (the mock server) and model, and saves. */
export async function configureSettings(
  page: Page,
  mock: Pick<MockServer, 'url'>,
  opts: ConfigureOptions = {},
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'API key' }).fill(opts.apiKey ?? TEST_KEY);
  await dialog.getByRole('textbox', { name: 'Base URL' }).fill(opts.baseURL ?? mock.url);
  await dialog.getByRole('textbox', { name: 'Model' }).fill(opts.model ?? 'mock-gpt');
  if (opts.remember) await dialog.getByRole('checkbox', { name: 'Remember on this device' }).check();
  if (opts.maxTurns !== undefined)
    await dialog.getByRole('spinbutton', { name: 'Max turns' }).fill(String(opts.maxTurns));
  if (opts.maxToolCallsPerTurn !== undefined) {
    await dialog.getByRole('spinbutton', { name: 'Max tool calls per turn' }).fill(String(opts.maxToolCallsPerTurn));
  }
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

/** Opens the app and configures it for the mock server: the usual start of a test. */
export async function openConfiguredApp(
  page: Page,
  mock: Pick<MockServer, 'url'>,
  opts: ConfigureOptions = {},
): Promise<void> {
  await openApp(page);
  await configureSettings(page, mock, opts);
}
