import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Types prices of one's own into Settings "Token prices" ("<model>: <input> - <output>" per line) and saves. */
export async function typeTokenPrices(page: Page, lines: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByRole('textbox', { name: 'Token prices' }).fill(lines);
  await settings.getByRole('button', { name: 'Apply trace settings' }).click();
  await expect(settings.getByRole('status')).toHaveText('Trace settings applied.');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
}
