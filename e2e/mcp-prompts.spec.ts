/**
 * MCP prompts in the app: picked in the Tools view with their arguments, and through `/` in the Message box (the
 * listbox "Prompts" with every connected server's prompts). Real servers: server-everything (2025-11-25) and the
 * v2-SDK test server (2026-07-28).
 */
import type { Page } from '@playwright/test';
import { messageBox } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { expect, test, type McpPair } from './support/mcp-pair';
import { addMcpServer } from './support/mcp-tools-tab';
import { toolsPanel } from './support/tools-tab';

async function withServers(page: Page, mock: { url: string }, { modern, legacy }: McpPair): Promise<void> {
  await openConfiguredApp(page, mock);
  await addMcpServer(page, { url: modern.url, name: 'modern' }, '2026-07-28');
  await addMcpServer(page, { url: legacy.url, name: 'legacy' }, '2025-11-25');
}

test('a prompt picked in the Tools view, its arguments filled, lands in the Message box', async ({
  page,
  mock,
  mcpPair,
}) => {
  test.setTimeout(90_000);
  await withServers(page, mock, mcpPair);
  const prompts = toolsPanel(page).getByRole('region', { name: 'Prompts of legacy' });
  await prompts.getByRole('button', { name: 'Use prompt args-prompt' }).click();
  const form = prompts.getByRole('form', { name: 'Arguments of args-prompt' });
  await expect(form.getByRole('button', { name: 'Insert into message' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'city (required)' }).fill('Oslo');
  await form.getByRole('textbox', { name: 'state' }).fill('Viken');
  await form.getByRole('button', { name: 'Insert into message' }).click();
  await expect(page.getByRole('tab', { name: 'Chat' })).toHaveAttribute('aria-selected', 'true');
  await expect(messageBox(page)).toHaveValue("What's weather in Oslo, Viken?");
});

test('"/" in the Message box lists every connected server\'s prompts; arrows, Enter and Escape work', async ({
  page,
  mock,
  mcpPair,
}) => {
  test.setTimeout(90_000);
  await withServers(page, mock, mcpPair);
  await page.getByRole('tab', { name: 'Chat' }).click();
  const box = messageBox(page);
  await box.fill('/');
  const list = page.getByRole('listbox', { name: 'Prompts' });
  await expect(list.getByRole('option', { name: /^\/review/ })).toBeVisible();
  await expect(list.getByRole('option', { name: /^\/simple-prompt/ })).toBeVisible();
  await expect(list.getByRole('option', { name: /^\/args-prompt/ })).toBeVisible();
  // Both generations in one list, each prompt named with its server.
  await expect(list.getByRole('option', { name: /^\/review/ })).toContainText('modern');
  await expect(list.getByRole('option', { name: /^\/simple-prompt/ })).toContainText('legacy');

  // Escape closes the list and keeps the text; typing opens it again.
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('/');
  await box.press('End');
  await box.pressSequentially('si');
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option', { name: /^\/simple-prompt/ })).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(box).toHaveValue('This is a simple prompt without arguments.');
  await expect(list).toBeHidden();
  // Enter picked the prompt: nothing was sent.
  expect(mock.requests.length).toBe(0);

  // Arrows move the highlight; a prompt with arguments asks for them, then its text replaces the command.
  await box.fill('/');
  const first = list.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? 'none');
  await box.press('ArrowDown');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await box.press('ArrowUp');
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(first).toContainText('/review');
  await box.press('Enter');
  const form = page.getByRole('form', { name: 'Arguments of review' });
  await form.getByRole('textbox', { name: 'path (required)' }).fill('src/app.ts');
  await form.getByRole('textbox', { name: 'path (required)' }).press('Enter');
  await expect(box).toHaveValue('Review src/app.ts.');
});
