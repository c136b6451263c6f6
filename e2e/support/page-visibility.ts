/**
 * A tab sent to the background. A browser with tabs hides the tab a person leaves when another comes to the front:
 * `document.visibilityState` turns 'hidden' and the page gets `visibilitychange`. Headless Chromium keeps every page
 * visible (a window minimized over CDP stays 'visible' too), so a spec that needs the running tab in the background
 * tells its page what such a browser tells it; the app's own listeners then run as they would. The engines journey
 * (e2e/engines/) opens its second tab in a real tab strip, where Firefox and WebKitGTK hide the first one themselves.
 */
import { expect, type Page } from '@playwright/test';

async function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  await page.evaluate((next) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => next });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => next === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
  await expect.poll(() => page.evaluate(() => document.visibilityState)).toBe(state);
}

/** The page is now a background tab (another tab came to the front). */
export const sendToBackground = (page: Page) => setVisibility(page, 'hidden');

/** The page is the front tab again. */
export const bringBack = (page: Page) => setVisibility(page, 'visible');
