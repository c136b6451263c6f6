/** The frozen export fixture, and importing (picker or drop) and exporting through the UI. */
import { readFileSync } from 'node:fs';
import { expect, type Download, type Page } from '@playwright/test';

const FIXTURE_PATH = 'src/io/session-file/__fixtures__/export-v1.json';
export const FIXTURE_TEXT = readFileSync(FIXTURE_PATH, 'utf8');
export const FIXTURE_SESSION_ID = 'ses_01JDW3K8Q2Z7PARISTOKYO';
export const FIXTURE_TITLE = 'Weather in Paris and Tokyo';

export type Loose = Record<string, unknown>;
export const fixtureObject = (): Loose => JSON.parse(FIXTURE_TEXT) as Loose;

export function importDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Import sessions' });
}

export async function pickFile(
  page: Page,
  name: string,
  text: string | Buffer,
  mimeType = 'application/json',
): Promise<void> {
  await page
    .getByLabel('Import file')
    .setInputFiles({ name, mimeType, buffer: typeof text === 'string' ? Buffer.from(text) : text });
  await expect(importDialog(page)).toBeVisible();
}

/** A real drag-and-drop sequence on the page with a DataTransfer holding one file. */
export async function dropFile(page: Page, name: string, text: string, type = 'application/json'): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, text, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type }));
      return dt;
    },
    { name, text, type },
  );
  await page.dispatchEvent('#root', 'dragenter', { dataTransfer });
  await page.dispatchEvent('#root', 'dragover', { dataTransfer });
  await expect(page.getByRole('region', { name: 'Drop to import' })).toBeVisible();
  await page.dispatchEvent('#root', 'drop', { dataTransfer });
  await expect(importDialog(page)).toBeVisible();
}

/** Confirms the review step and waits for the result. */
export async function confirmImport(page: Page, expected: RegExp = /Imported \d+ sessions?/): Promise<void> {
  const dialog = importDialog(page);
  await dialog.getByRole('button', { name: 'Import sessions' }).click();
  await expect(dialog.getByRole('status')).toHaveText(expected, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

export async function importFixture(page: Page, via: 'picker' | 'drop' = 'picker'): Promise<void> {
  if (via === 'picker') await pickFile(page, 'export-v1.json', FIXTURE_TEXT);
  else await dropFile(page, 'export-v1.json', FIXTURE_TEXT);
  await expect(importDialog(page)).toContainText('The file is valid: 1 session, 2 tool definitions');
  await confirmImport(page, /Imported 1 session/);
}

export async function exportVia(
  page: Page,
  item: string | RegExp,
): Promise<{ name: string; text: string; download: Download }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: item, exact: typeof item === 'string' }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8'), download };
}
