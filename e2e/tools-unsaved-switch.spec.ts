/**
 * Opening another tool while the editor holds unsaved edits asks first, naming the tool: Save stores them and goes
 * on, Discard drops them and goes on, Cancel (or Esc) stays with the edits as typed.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openApp } from './support/configured-app';
import { readStores } from './support/stored-rows';
import { createCodeTool, openToolsTab, toolsPanel } from './support/tools-tab';

const toolList = (page: Page) => page.getByRole('list', { name: 'Tool list' });
const codeBox = (page: Page) => toolsPanel(page).getByRole('textbox', { name: 'Code', exact: true });
const prompt = (page: Page, tool: string) => page.getByRole('dialog', { name: `Unsaved changes to ${tool}` });
const storedCode = async (page: Page, name: string) =>
  (await readStores(page, ['tools'])).tools?.find((t) => t.name === name)?.code;

async function editAlphaThenOpenBeta(page: Page): Promise<void> {
  await openApp(page);
  await openToolsTab(page);
  await createCodeTool(page, { name: 'alpha', code: 'return "a1";' });
  await createCodeTool(page, { name: 'beta', code: 'return "b1";' });
  // Nothing unsaved: switching does not ask.
  await toolList(page).getByRole('button', { name: 'alpha', exact: true }).click();
  await expect(toolsPanel(page).getByRole('form', { name: 'Edit alpha' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await codeBox(page).fill('return "a2";');
  await toolList(page).getByRole('button', { name: 'beta', exact: true }).click();
  await expect(prompt(page, 'alpha')).toBeVisible();
}

test('Save stores the edits, then opens the other tool', async ({ page }) => {
  await editAlphaThenOpenBeta(page);
  await prompt(page, 'alpha').getByRole('button', { name: 'Save' }).click();
  await expect(prompt(page, 'alpha')).toBeHidden();
  await expect(toolsPanel(page).getByRole('form', { name: 'Edit beta' })).toBeVisible();
  await expect(codeBox(page)).toHaveValue('return "b1";');
  await expect.poll(() => storedCode(page, 'alpha')).toBe('return "a2";');
  await toolList(page).getByRole('button', { name: 'alpha', exact: true }).click();
  await expect(codeBox(page)).toHaveValue('return "a2";');
});

test('Save with edits that cannot be stored stays on the tool and says why', async ({ page }) => {
  await editAlphaThenOpenBeta(page);
  await prompt(page, 'alpha').getByRole('button', { name: 'Cancel' }).click();
  await toolsPanel(page).getByRole('textbox', { name: 'Tool name' }).fill('beta');
  await toolList(page).getByRole('button', { name: 'beta', exact: true }).click();
  await prompt(page, 'alpha').getByRole('button', { name: 'Save' }).click();
  await expect(
    toolsPanel(page).getByRole('status').filter({ hasText: 'Fix the errors shown next to the fields.' }),
  ).toBeVisible();
  await expect(toolsPanel(page).getByRole('form', { name: 'Edit alpha' })).toBeVisible();
  await expect(codeBox(page)).toHaveValue('return "a2";');
  expect(await storedCode(page, 'alpha')).toBe('return "a1";');
});

test('Discard drops the edits, then opens the other tool', async ({ page }) => {
  await editAlphaThenOpenBeta(page);
  await prompt(page, 'alpha').getByRole('button', { name: 'Discard' }).click();
  await expect(prompt(page, 'alpha')).toBeHidden();
  await expect(toolsPanel(page).getByRole('form', { name: 'Edit beta' })).toBeVisible();
  expect(await storedCode(page, 'alpha')).toBe('return "a1";');
  await toolList(page).getByRole('button', { name: 'alpha', exact: true }).click();
  await expect(codeBox(page)).toHaveValue('return "a1";');
});

test('Cancel, or Esc, stays on the tool with the edits as typed', async ({ page }) => {
  await editAlphaThenOpenBeta(page);
  await prompt(page, 'alpha').getByRole('button', { name: 'Cancel' }).click();
  await expect(prompt(page, 'alpha')).toBeHidden();
  await expect(toolsPanel(page).getByRole('form', { name: 'Edit alpha' })).toBeVisible();
  await expect(codeBox(page)).toHaveValue('return "a2";');

  // New tool replaces the editor too, so it asks the same way; Esc is Cancel.
  await toolsPanel(page).getByRole('button', { name: 'New tool' }).click();
  await expect(prompt(page, 'alpha')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(prompt(page, 'alpha')).toBeHidden();
  await expect(toolsPanel(page).getByRole('form', { name: 'Edit alpha' })).toBeVisible();
  await expect(codeBox(page)).toHaveValue('return "a2";');
  expect(await storedCode(page, 'alpha')).toBe('return "a1";');
});
