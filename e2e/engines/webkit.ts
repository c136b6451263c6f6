/**
 * WebKitGTK's MiniBrowser driven by selenium-webdriver through Debian's WebKitWebDriver (classic WebDriver). The
 * browser needs an X display: `npm run test:engines` runs under xvfb-run. Each tab is a window handle; every
 * action switches to its tab first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { Builder, By, Capabilities, type WebDriver } from 'selenium-webdriver';
import type { Engine, PageDriver } from './page-driver';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForDriver(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/status`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('WebKitWebDriver did not start');
}

function pageDriver(driver: WebDriver, handle: string): PageDriver {
  const here = () => driver.switchTo().window(handle);
  return {
    evaluate: async <T>(expression: string) => {
      await here();
      return (await driver.executeScript(`return ${expression};`)) as T;
    },
    goto: async (url) => {
      await here();
      await driver.get(url);
    },
    reload: async () => {
      await here();
      await driver.navigate().refresh();
    },
    click: async (css) => {
      await here();
      await driver.findElement(By.css(css)).click();
    },
    typeInto: async (css, text) => {
      await here();
      const el = await driver.findElement(By.css(css));
      await driver.executeScript('arguments[0].focus(); arguments[0].select();', el);
      await el.sendKeys(text);
    },
    selectOption: async (css, label) => {
      await here();
      // WebDriver's click on an option selects it and fires input and change, as a pick from the open list does.
      for (const option of await driver.findElement(By.css(css)).findElements(By.css('option')))
        if ((await option.getText()).trim() === label) return option.click();
      throw new Error(`no option "${label}" in ${css}`);
    },
    upload: async (css, filePath) => {
      await here();
      await driver.findElement(By.css(css)).sendKeys(filePath);
    },
    openTab: async (url) => {
      await here();
      // WebKitWebDriver opens a 'tab' behind the one in front and no command brings it forward, so the first tab would
      // never be hidden. A window of its own, with the opener's window minimized, gives what a person's new tab gives:
      // the new page visible, the one it was opened from hidden.
      await driver.switchTo().newWindow('window');
      const next = await driver.getWindowHandle();
      await driver.get(url);
      await here();
      await driver.manage().window().minimize();
      return pageDriver(driver, next);
    },
    bringToFront: async () => {
      await here();
      // Maximizing restores a minimized window.
      await driver.manage().window().maximize();
    },
  };
}

export async function launchWebKit(): Promise<Engine> {
  const port = await freePort();
  const child = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForDriver(url, child);
    const caps = new Capabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
    });
    const driver = await new Builder().usingServer(url).withCapabilities(caps).build();
    const version = String((await driver.getCapabilities()).get('browserVersion'));
    const handle = await driver.getWindowHandle();
    return {
      name: 'WebKitGTK',
      version,
      page: pageDriver(driver, handle),
      close: async () => {
        await driver.quit().catch(() => undefined);
        child.kill();
      },
    };
  } catch (err) {
    child.kill();
    throw err;
  }
}
