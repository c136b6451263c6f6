/**
 * Every width from a phone up: no view makes the page scroll sideways (wide content scrolls in its own box), the
 * sessions list is a drawer behind "Sessions" on a phone, and the chat is usable there with a thumb.
 */
import type { Page } from '@playwright/test';
import { expect, test, type MockServer } from './fixtures';
import { assistantMessages, messageBox, sendMessage, toolCard, waitForIdle, expandToolCard } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { cityParams, seedHttpTools } from './support/http-tool-seed';
import { FIXTURE_TEXT, importDialog, pickFile } from './support/import-export';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const WIDE_TABLE = [
  `| ${Array.from({ length: 10 }, (_, i) => `column ${i}`).join(' | ')} |`,
  `|${'---|'.repeat(10)}`,
  `| ${Array.from({ length: 10 }, (_, i) => `value ${i}`).join(' | ')} |`,
].join('\n');
const WIDE_CODE = `\`\`\`\nconst line = ${JSON.stringify('x'.repeat(300))};\n\`\`\``;

/** What scrolls sideways: the page itself (after trying to scroll it), and any of the shell's boxes. */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    window.scrollTo(10_000, 0);
    const found: string[] = [];
    if (window.scrollX !== 0) found.push(`page scrolled ${window.scrollX}px`);
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth) found.push(`page ${doc.scrollWidth}px wide in ${doc.clientWidth}px`);
    for (const el of document.querySelectorAll<HTMLElement>(
      '.app, .main, .top-bar, .panel, .chat, .message-list, .composer, dialog[open]',
    )) {
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`${el.className || el.tagName} ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    return found;
  });
}

/** A run with a tool call, a wide table and a long code line: the widest everyday content. */
async function wideRun(page: Page, mock: MockServer) {
  await seedHttpTools(page, [
    { name: 'get_weather', urlTemplate: `${mock.origin}/tools/weather?city={city}`, parameters: cityParams },
  ]);
  mock.script([
    {
      kind: 'tool_calls',
      calls: [{ id: 'call_rome', name: 'get_weather', arguments: { city: 'Rome', note: 'n'.repeat(200) } }],
    },
    { kind: 'text', content: `Rome is sunny.\n\n${WIDE_TABLE}\n\n${WIDE_CODE}` },
  ]);
  await sendMessage(page, 'Weather in Rome?');
  await waitForIdle(page);
  await expect(assistantMessages(page).last()).toContainText('value 9');
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`at ${viewport.width} x ${viewport.height}`, () => {
    test.use({ viewport });
    const phone = viewport.width === PHONE.width;

    test('no view scrolls the page sideways: chat, timeline, tools, settings, import', async ({ page, mock }) => {
      await openConfiguredApp(page, mock);
      await wideRun(page, mock);
      expect(await sidewaysScroll(page)).toEqual([]);
      // The wide parts scroll in their own boxes instead.
      expect(await page.locator('.markdown table').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(phone);
      if (phone) await page.screenshot({ path: 'e2e/artifacts/phone-chat.png' });

      await page.getByRole('tab', { name: 'Timeline' }).click();
      await expect(page.locator('[data-kind="call"]').first()).toBeVisible();
      await page.locator('[data-kind="call"]').first().click();
      expect(await sidewaysScroll(page)).toEqual([]);
      if (phone) await page.screenshot({ path: 'e2e/artifacts/phone-timeline.png' });

      await page.getByRole('tab', { name: 'Tools' }).click();
      await page
        .getByRole('list', { name: 'Tool list' })
        .getByRole('button', { name: /^get_weather/ })
        .click();
      await expect(page.getByRole('form', { name: 'Edit get_weather' })).toBeVisible();
      expect(await sidewaysScroll(page)).toEqual([]);
      if (phone) await page.screenshot({ path: 'e2e/artifacts/phone-tools.png' });

      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await expect(settings).toBeVisible();
      expect(await sidewaysScroll(page)).toEqual([]);
      const box = await settings.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width && box.height <= viewport.height).toBe(true);
      if (phone) await page.screenshot({ path: 'e2e/artifacts/phone-settings.png' });
      await settings.getByRole('button', { name: 'Cancel' }).click();

      if (phone) await page.getByRole('button', { name: 'Sessions', exact: true }).click();
      await pickFile(page, 'export-v1.json', FIXTURE_TEXT);
      await expect(importDialog(page)).toContainText('The file is valid');
      expect(await sidewaysScroll(page)).toEqual([]);
      const importBox = await importDialog(page).boundingBox();
      expect(importBox && importBox.x >= 0 && importBox.x + importBox.width <= viewport.width).toBe(true);
      if (phone) await page.screenshot({ path: 'e2e/artifacts/phone-import.png' });
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('a message sent and a tool card read; thumb-sized controls; the composer keeps its width', async ({
    page,
    mock,
  }) => {
    await openConfiguredApp(page, mock);
    await expect(page.getByRole('navigation', { name: 'Sessions' })).toBeHidden();
    await wideRun(page, mock);
    const card = toolCard(page, 'call_rome');
    await card.scrollIntoViewIfNeeded();
    await expandToolCard(card);
    await expect(card.getByLabel('Arguments')).toContainText('"city": "Rome"');
    await expect(card.getByLabel('Result', { exact: true })).toContainText('"city":"Rome"');
    const cardBox = await card.boundingBox();
    expect(cardBox && cardBox.x >= 0 && cardBox.x + cardBox.width <= PHONE.width).toBe(true);
    await expect(card.getByLabel('Arguments')).toBeInViewport();

    const message = await messageBox(page).boundingBox();
    expect(message && message.width >= PHONE.width / 2).toBe(true);
    for (const name of ['Send', 'Stop', 'Sessions', 'Settings', 'More']) {
      const b = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(b && b.height >= 44 && b.width >= 44, `${name} is at least 44 px`).toBe(true);
    }
    for (const tab of ['Chat', 'Timeline', 'Tools']) {
      const b = await page.getByRole('tab', { name: tab }).boundingBox();
      expect(b && b.height >= 44 && b.x + b.width <= PHONE.width, `${tab} is 44 px and on screen`).toBe(true);
    }
    await page.screenshot({ path: 'e2e/artifacts/phone-tool-card.png', fullPage: true });
  });

  test('the drawer opens behind "Sessions", picks a session and closes; Esc closes it back to the button', async ({
    page,
    mock,
  }) => {
    await openConfiguredApp(page, mock);
    mock.script([
      { kind: 'text', content: 'Answer one.' },
      { kind: 'text', content: 'Answer two.' },
    ]);
    await sendMessage(page, 'first topic');
    await waitForIdle(page);
    const toggle = page.getByRole('button', { name: 'Sessions', exact: true });
    const nav = page.getByRole('navigation', { name: 'Sessions' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('button', { name: 'New session' })).toBeFocused();
    await expect(nav).toBeInViewport({ ratio: 1 });
    await nav.getByRole('button', { name: 'New session' }).click();
    await expect(nav).toBeHidden();
    await expect(messageBox(page)).toBeFocused();
    await sendMessage(page, 'second topic');
    await waitForIdle(page);

    await toggle.click();
    await expect(nav.locator('li[data-session-id]')).toHaveCount(2);
    await page.screenshot({ path: 'e2e/artifacts/phone-drawer.png' });
    await nav.getByRole('button', { name: 'first topic', exact: true }).click();
    await expect(nav).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await expect(assistantMessages(page).last()).toContainText('Answer one.');
    expect(await sidewaysScroll(page)).toEqual([]);

    await toggle.click();
    await expect(nav).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(toggle).toBeFocused();

    // A tap beside the drawer closes it too.
    await toggle.click();
    await expect(nav).toBeVisible();
    await page.mouse.click(PHONE.width - 20, PHONE.height / 2);
    await expect(nav).toBeHidden();
  });
});
