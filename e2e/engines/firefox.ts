/** Debian's firefox-esr driven by puppeteer-core over WebDriver BiDi (Playwright's own Firefox cannot be downloaded here). */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { Engine, PageDriver } from './page-driver';

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

function pageDriver(browser: Browser, page: Page): PageDriver {
  return {
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    goto: async (url) => {
      await page.goto(url);
    },
    reload: async () => {
      await page.reload();
    },
    click: (css) => page.click(css),
    typeInto: async (css, text) => {
      await page.focus(css);
      await page.evaluate(`document.querySelector(${JSON.stringify(css)}).select()`);
      await page.keyboard.type(text);
    },
    selectOption: async (css, label) => {
      const value = await page.evaluate(
        `(function (s, label) { var o = Array.prototype.find.call(s.options, function (o) { return o.text === label; }); ` +
          `return o ? o.value : null; })(document.querySelector(${JSON.stringify(css)}), ${JSON.stringify(label)})`,
      );
      if (typeof value !== 'string') throw new Error(`no option "${label}" in ${css}`);
      await page.select(css, value);
    },
    upload: async (css, filePath) => {
      const input = await page.$(css);
      if (!input) throw new Error(`no element ${css}`);
      await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(filePath);
    },
    openTab: async (url) => {
      // A new tab of the same window, in front: Firefox hides the one it was opened from.
      const next = await browser.newPage();
      await next.goto(url);
      return pageDriver(browser, next);
    },
    bringToFront: () => page.bringToFront(),
  };
}

export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    protocol: 'webDriverBiDi',
    // Beside the unit tests on a fresh 2-core machine, a start (a new profile each time) is not bounded by
    // puppeteer's default 30 s; the journey's own steps keep their limits.
    timeout: 120_000,
    // The journey watches a run from a second tab, which is in the background: like Playwright's Chromium flags
    // (--disable-background-timer-throttling, --disable-renderer-backgrounding), no timer budget and no lowered
    // process priority for background tabs, which on a busy 2-core machine held the watching tab for half a minute.
    extraPrefsFirefox: {
      'dom.timeout.enable_budget_timer_throttling': false,
      'dom.ipc.processPriorityManager.enabled': false,
    },
  });
  const page = await browser.newPage();
  const version = await browser.version();
  return { name: 'Firefox', version, page: pageDriver(browser, page), close: () => browser.close() };
}
