/**
 * A phone layout that fits (docs/screens.md, "Narrow screens"): at 390 x 844 every view is reached from the tab bar
 * or its "More" menu and nothing in the bar runs off the screen; the chat footer is the context meter and one row of
 * actions; the Message box and Send stay in view when an on-screen keyboard takes the lower half of the screen. The
 * session is reached as a person does: a run with usage and a known price, then a reload.
 */
import type { Page } from '@playwright/test';
import { expect, test, type MockServer } from './fixtures';
import { expectNoAxeViolations } from './support/axe-scan';
import { messageBox, sendMessage, waitForIdle } from './support/chat-run';
import { openConfiguredApp } from './support/configured-app';
import { ROME_QUESTION, ROME_TOTAL, scriptRomeWithUsage } from './support/rome-usage';
import { typeTokenPrices } from './support/token-prices';

const PHONE = { width: 390, height: 844 };
const VIEWS = ['Chat', 'Timeline', 'Tools', 'Tests', 'Traces', 'Memories'];

test.use({ viewport: PHONE });

/** A session with a tool call, usage reported and a price of one's own, opened again after a reload. */
async function sessionWithHistory(page: Page, mock: MockServer): Promise<void> {
  await openConfiguredApp(page, mock);
  await typeTokenPrices(page, 'mock-gpt: 2 - 8');
  await scriptRomeWithUsage(page, mock);
  await sendMessage(page, ROME_QUESTION);
  await waitForIdle(page);
  await page.reload();
  await expect(page.getByLabel('Session usage')).toHaveText(ROME_TOTAL);
}

const more = (page: Page) => page.getByRole('button', { name: 'More', exact: true });

/** The right edge of every tab and of More, against the screen's width. */
async function offScreen(page: Page): Promise<string[]> {
  const bar = page.getByRole('banner');
  const found: string[] = [];
  for (const control of [...(await page.getByRole('tab').all()), ...(await more(page).all())]) {
    const box = await control.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    if (box.right > PHONE.width || box.left < 0) found.push(`${await control.textContent()} ${box.left}-${box.right}`);
  }
  const scrolls = await bar.evaluate((el) => el.scrollWidth > el.clientWidth);
  if (scrolls) found.push('the top bar scrolls sideways');
  return found;
}

/** Opens a view as a person does: its tab when it is in the bar, else through More. */
async function openView(page: Page, name: string, inBar: boolean): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  if (inBar) {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    return;
  }
  await expect(tab).toBeHidden();
  await more(page).click();
  const menu = page.getByRole('menu', { name: 'More views' });
  await menu.getByRole('menuitemradio', { name, exact: true }).click();
  await expect(menu).toBeHidden();
  await expect(more(page)).toBeFocused();
}

test('every view is reached from the tab bar or More, nothing runs off the screen, axe is clean', async ({
  page,
  mock,
}) => {
  test.setTimeout(180_000);
  await sessionWithHistory(page, mock);
  expect(await offScreen(page)).toEqual([]);
  // The bar holds the tabs that fit, More the rest: together every view, each once.
  const inBar = await page.getByRole('tab').allTextContents();
  await expect(more(page)).toBeVisible();
  await more(page).click();
  const menu = page.getByRole('menu', { name: 'More views' });
  const inMenu = await menu.getByRole('menuitemradio').allTextContents();
  expect(inMenu.length).toBeGreaterThan(0);
  expect([...inBar, ...inMenu]).toEqual(VIEWS);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  for (const name of VIEWS) {
    await openView(page, name, inBar.includes(name));
    await expect(page.getByRole('tabpanel', { name, exact: true })).toBeVisible();
    expect(await offScreen(page)).toEqual([]);
    if (!inBar.includes(name)) {
      // More shows that it holds the view on screen, and its menu checks it.
      await more(page).click();
      await expect(menu.getByRole('menuitemradio', { name, exact: true })).toHaveAttribute('aria-checked', 'true');
      await expect(menu.getByRole('menuitemradio', { checked: true })).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(more(page)).toBeFocused();
    }
    await expectNoAxeViolations(page, `${name} view`, [
      { scheme: 'light', width: 390 },
      { scheme: 'dark', width: 390 },
    ]);
    // The scan leaves the page at 1280 px: back on the phone, the tabs are measured again.
    await page.setViewportSize(PHONE);
    await expect(more(page)).toBeVisible();
  }

  // By keyboard: Enter on More opens its menu on the first view, the arrow keys wrap, Enter opens the view.
  await openView(page, 'Chat', true);
  await more(page).focus();
  await page.keyboard.press('Enter');
  const items = menu.getByRole('menuitemradio');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  const last = (await items.last().textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tabpanel', { name: last, exact: true })).toBeVisible();
  await expect(more(page)).toBeFocused();

  // At 1280 px every tab fits: no More.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('tab')).toHaveText(VIEWS);
  await expect(more(page)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: last, exact: true })).toHaveAttribute('aria-selected', 'true');
});

test('the chat footer is the context meter and one row of actions, at most 90 px', async ({ page, mock }) => {
  await sessionWithHistory(page, mock);
  const footer = page.locator('.chat-footer');
  await expect(page.getByRole('status', { name: 'Context usage' })).toBeVisible();
  // The total and its cost are on screen; the whole usage is still what a screen reader reads.
  await expect(footer.locator('.cost')).toBeVisible();
  await expect(footer.locator('.cost')).toHaveText('Session cost: $0.0058');
  await expect(page.getByLabel('Session usage')).toHaveText(ROME_TOTAL);
  const height = await footer.evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeLessThanOrEqual(90);

  // Every control is still there, by its name, on one row inside the screen.
  const rows = new Set<number>();
  for (const name of ['Compact now', 'Breakpoints']) {
    const button = footer.getByRole('button', { name, exact: true });
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = await button.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    rows.add(Math.round(box.top));
  }
  expect(rows.size).toBe(1);
  await footer.getByRole('button', { name: 'Breakpoints', exact: true }).click();
  await expect(footer.getByRole('group', { name: 'Breakpoints' })).toBeVisible();
});

test('with an on-screen keyboard open the Message box and Send stay in view', async ({ page, mock }) => {
  await sessionWithHistory(page, mock);
  // The keyboard shrinks the page itself (not only the visual viewport), as this setting asks the browser to.
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).toContain('interactive-widget=resizes-content');

  await messageBox(page).click();
  await messageBox(page).fill('A question typed on a phone');
  // What a phone keyboard leaves of an 844 px screen.
  await page.setViewportSize({ width: PHONE.width, height: 450 });
  await expect(messageBox(page)).toBeFocused();
  const inView = () =>
    messageBox(page).evaluate((el) => {
      const box = el.getBoundingClientRect();
      const vv = window.visualViewport;
      if (!vv) return false;
      return box.top >= 0 && box.left >= 0 && box.bottom <= vv.height + 0.5 && box.right <= vv.width + 0.5;
    });
  await expect.poll(inView).toBe(true);
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeEnabled();
  // The conversation keeps a few lines above the footer.
  const list = await page.getByRole('log', { name: 'Messages' }).evaluate((el) => el.getBoundingClientRect().height);
  expect(list).toBeGreaterThanOrEqual(100);
});

test('the starting shell draws the tab row where the app then draws it: nothing jumps', async ({ page }) => {
  // The app's entry is held until the stand-in the page paints first has been measured (build/static-stand-in.ts).
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  /** What the tab row shows: each tab or More inside the top bar's box (a tab wrapped past it is clipped) and seen. */
  const row = () =>
    page.evaluate(() => {
      // The page holds a stand-in for each first screen; the one chosen is the one laid out.
      const shown = [...document.querySelectorAll<HTMLElement>('.top-bar')].find((n) => n.offsetWidth > 0);
      if (!shown) return [];
      const bar = shown.getBoundingClientRect();
      return [...shown.querySelectorAll<HTMLElement>('[role="tab"], .more-views-button')]
        .filter((b) => getComputedStyle(b).visibility === 'visible' && b.getBoundingClientRect().top < bar.bottom)
        .map((b) => {
          const r = b.getBoundingClientRect();
          return `${b.textContent} ${Math.round(r.left)}-${Math.round(r.right)} ${Math.round(r.top)}`;
        });
    });
  await page.goto('/');
  await expect(page.locator('.app[aria-busy="true"] .top-bar').filter({ visible: true })).toHaveCount(1);
  const standIn = await row();
  release();
  await expect(page.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await expect(more(page)).toBeVisible();
  expect(await row()).toEqual(standIn);
  expect(standIn.some((b) => b.startsWith('More '))).toBe(true);
});
