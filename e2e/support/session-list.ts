/** Sessions through the sidebar: a new one, the list, the current one, opening one by id. */
import { expect, type Page } from '@playwright/test';

export async function newSession(page: Page): Promise<void> {
  const current = page.locator('nav[aria-label="Sessions"] li[data-current="true"]');
  const before = (await current.count()) > 0 ? await current.getAttribute('data-session-id') : null;
  await page.getByRole('button', { name: 'New session' }).click();
  await expect(current).toHaveCount(1);
  if (before) await expect(current).not.toHaveAttribute('data-session-id', before);
  await expect(page.getByText('No messages yet. Say hello.')).toBeVisible();
}

export function sessionItems(page: Page) {
  return page.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem');
}

/** The id of the session the sidebar marks as current. */
export async function currentSessionId(page: Page): Promise<string> {
  const item = page.locator('nav[aria-label="Sessions"] li[data-current="true"]');
  await expect(item).toHaveCount(1);
  const id = await item.getAttribute('data-session-id');
  if (!id) throw new Error('the current session item has no data-session-id');
  return id;
}

/** Opens a session from the sidebar by its id. */
export async function openSession(page: Page, sessionId: string): Promise<void> {
  await page.locator(`nav[aria-label="Sessions"] li[data-session-id="${sessionId}"] button.session-open`).click();
  await expect(page.locator(`nav[aria-label="Sessions"] li[data-session-id="${sessionId}"]`)).toHaveAttribute(
    'data-current',
    'true',
  );
}

/** Starts an empty session and gives it a context window of `tokens` in its settings. */
export async function newSessionWithContextLimit(page: Page, tokens: number): Promise<void> {
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByRole('spinbutton', { name: 'Context limit (tokens)' }).fill(String(tokens));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}
