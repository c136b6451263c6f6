import type { Browser, Page } from '@playwright/test';
import { expect } from '../fixtures';
import type { MockServer } from '../server/mock-server';
import { openConfiguredApp } from './configured-app';

/** A colleague's fresh profile with `fileText` (a suite named "Weather") imported in the Tests view, as a person does. */
export async function importSuiteInFreshProfile(
  browser: Browser,
  baseURL: string | undefined,
  mock: Pick<MockServer, 'url'>,
  fileText: string,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const fresh = await browser.newContext({ baseURL });
  const page = await fresh.newPage();
  await openConfiguredApp(page, mock);
  await page.getByRole('tab', { name: 'Tests' }).click();
  await page.getByLabel('Import suite file').setInputFiles({
    name: 'weather.toolscope-suite.json',
    mimeType: 'application/json',
    buffer: Buffer.from(fileText),
  });
  await expect(page.getByText('Imported the suite "Weather".')).toBeVisible();
  return { page, close: () => fresh.close() };
}
