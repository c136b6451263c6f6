/**
 * The whole journey without the mouse: key, send, approve with a scope, Stop, timeline details, export, import.
 * Controls are reached with Tab / arrow keys only (tabTo fails when a control cannot be reached), and after each
 * step the test asserts where the cursor is: never on <body>.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type MockServer } from './fixtures';
import type { Locator, Page } from '@playwright/test';
import { assistantMessages, toolCard } from './support/chat-run';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { importDialog } from './support/import-export';
import { TEST_KEY } from './support/configured-app';

/** Presses Tab (or Shift+Tab) until `target` has the cursor; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60, back = false): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reachable with ${back ? 'Shift+Tab' : 'Tab'} within ${max} presses`).toBeFocused();
}

async function expectFocusNotLost(page: Page, step: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none'), {
      message: `${step}: the cursor stays on a control`,
    })
    .not.toMatch(/^(BODY|none)$/);
}

async function typeInto(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(text);
}

async function configureByKeyboard(page: Page, mock: MockServer): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  if (!(await dialog.isVisible())) {
    await tabTo(page, page.getByRole('button', { name: 'Settings', exact: true }));
    await page.keyboard.press('Enter');
  }
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('textbox', { name: 'API key' }));
  await typeInto(page, TEST_KEY);
  await tabTo(page, dialog.getByRole('textbox', { name: 'Base URL' }));
  await typeInto(page, mock.url);
  await tabTo(page, dialog.getByRole('textbox', { name: 'Model' }));
  await typeInto(page, 'mock-gpt');
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test('keyboard only: settings, send, approve for the session, Stop, timeline details, export, import', async ({
  page,
  mock,
}) => {
  // A long journey through every view; three spec files share the machine with it.
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await seedHttpTools(page, [
    {
      name: 'get_weather',
      urlTemplate: `${mock.origin}/tools/weather?city={city}`,
      parameters: cityParams,
      needsApproval: true,
    },
  ]);

  // Settings: saved, the cursor goes back to its opener (or, opened by the app itself, to the Message box).
  await configureByKeyboard(page, mock);
  const box = page.getByRole('textbox', { name: 'Message' });
  await expectFocusNotLost(page, 'after saving Settings');

  // The skip link is the first Tab stop and leads to the Message box.
  await page.getByRole('tab', { name: 'Chat' }).focus();
  await tabTo(page, page.getByRole('link', { name: 'Skip to message box' }), 60, true);
  await page.keyboard.press('Enter');
  await expect(box).toBeFocused();

  // Send; a tool asks; "Approve for this session" from the keyboard; the second call of the run does not ask.
  mock.script([
    { kind: 'tool_calls', calls: [{ id: 'call_k1', name: 'get_weather', arguments: { city: 'Paris' } }] },
    { kind: 'tool_calls', calls: [{ id: 'call_k2', name: 'get_weather', arguments: { city: 'Oslo' } }] },
    { kind: 'text', content: 'Sunny in both.' },
  ]);
  await page.keyboard.type('weather please');
  await page.keyboard.press('Enter');
  const approval = page.getByRole('group', { name: 'Approve get_weather?' });
  await expect(approval).toBeVisible();
  await tabTo(page, approval.getByRole('button', { name: 'Approve for this session' }));
  await page.keyboard.press('Enter');
  await expectFocusNotLost(page, 'after approving');
  await expect(assistantMessages(page).last()).toContainText('Sunny in both.');
  await expect(toolCard(page, 'call_k2').locator('.status')).toHaveText('ok');
  await expect(approval).toHaveCount(0);
  await expectFocusNotLost(page, 'after the run');

  // Stop with Esc while an answer streams; the cursor is in the Message box.
  mock.script([{ kind: 'hang', afterChunks: 2, step: { kind: 'text', content: 'A long answer that never ends.' } }]);
  await tabTo(page, box);
  await page.keyboard.type('go on');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Stop' })).toBeEnabled();
  await expect(assistantMessages(page).last()).toContainText('writing…A');
  await page.keyboard.press('Escape');
  await expect(page.locator('section.chat')).toHaveAttribute('data-run-state', 'ended');
  await expect(box).toBeFocused();

  // Timeline: tabs by arrow keys; the chart is one Tab stop; arrows reach a call; Enter opens, Esc closes details.
  // Back over the conversation: each reply's actions (eleven on the last, "Request and response" among them) are Tab
  // stops once the cursor is inside it.
  await tabTo(page, page.getByRole('tab', { name: 'Chat' }), 80, true);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true');
  const bars = page.locator('.tl-chart [data-bar-id]');
  await expect(bars.first()).toBeVisible();
  await tabTo(page, page.locator('.tl-chart [data-bar-id][tabindex="0"]'));
  expect(await page.locator('.tl-chart [data-bar-id][tabindex="0"]').count()).toBe(1);
  const call = page.locator('.tl-chart [data-kind="call"][data-call-id="call_k1"]');
  for (let i = 0; i < 6 && !(await call.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(call).toBeFocused();
  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details).toContainText('get_weather');
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(call).toBeFocused();
  // One Tab stop: Tab from the focused bar leaves the chart.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.tl-chart') === null)).toBe(true);

  // Export: the menu by keyboard (arrows, End, Space toggles the checkbox and keeps the menu open, Home, Enter).
  await tabTo(page, page.getByRole('button', { name: 'Export', exact: true }), 80, true);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Export options' });
  await expect(menu.getByRole('menuitem', { name: 'This session', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Choose sessions…' })).toBeFocused();
  await page.keyboard.press('End');
  const memories = menu.getByRole('menuitemcheckbox', { name: 'Include memories' });
  await expect(memories).toBeFocused();
  await page.keyboard.press('Space');
  await expect(memories).toHaveAttribute('aria-checked', 'true');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Home');
  await expect(menu.getByRole('menuitem', { name: 'This session', exact: true })).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeFocused();
  const exported = readFileSync(await download.path(), 'utf8');
  expect(JSON.parse(exported)).toMatchObject({ sessions: [{ session: { title: expect.any(String) } }] });

  // Esc in the menu closes it and gives the cursor back to the button.
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeFocused();

  // Import the file just exported: the dialog opens on its first useful control, not on Cancel.
  // The file-chooser listener goes on before the Tab presses, so Playwright intercepts the picker well before Enter
  // (turned on in the same breath as the key press, interception could come second).
  const chooserOpened = page.waitForEvent('filechooser');
  await tabTo(page, page.getByRole('button', { name: 'Import', exact: true }));
  await page.keyboard.press('Enter');
  const chooser = await chooserOpened;
  await chooser.setFiles({ name: 'exported.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  const dialog = importDialog(page);
  await expect(dialog).toContainText('The file is valid');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).not.toBe('Cancel');
  await expectFocusNotLost(page, 'import dialog opened');
  await tabTo(page, dialog.getByRole('button', { name: 'Import sessions' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(/Imported 1 session/);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expectFocusNotLost(page, 'import dialog closed');
});
