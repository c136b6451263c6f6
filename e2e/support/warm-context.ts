/**
 * One browser context per worker and option set, handed from test to test with the site's data wiped in between:
 * each test still starts with an empty profile for the app (no IndexedDB, no localStorage, no sessionStorage, no
 * cookies, no granted permissions, online, no routes, no history, no pages left over), but the browser keeps its HTTP
 * and compiled-code caches and its tab, as a returning visitor's browser does. A fresh context per test made every
 * test pay a cold start, and a fresh tab per test a new renderer process (most of the suite's CPU on a 2-core
 * machine: docs/architecture.md, "The e2e suite's cost"). A test that fails gives its context up, so what it left
 * cannot reach the next test; so does a test that used an API whose effect cannot be undone (a clock, an init
 * script on the context), and a tab whose page-level settings a test changed is closed rather than handed on.
 */
import type { BrowserContext, Page, TestInfo } from '@playwright/test';

type Listener = (...args: unknown[]) => unknown;
type Events = {
  eventNames(): (string | symbol)[];
  listeners(event: string | symbol): Listener[];
  removeListener(event: string | symbol, listener: Listener): void;
};

/** Context methods whose effect outlives the test and has no undo: using one gives the context up after the test. */
const CONTEXT_ONE_WAY = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setExtraHTTPHeaders',
  'setGeolocation',
  'setHTTPCredentials',
] as const;
/** `page.clock` is the context's clock: installed once, it stays for every later page of the context. */
const CLOCK_METHODS = [
  'install',
  'fastForward',
  'pauseAt',
  'resume',
  'runFor',
  'setFixedTime',
  'setSystemTime',
] as const;
/** Page methods that change the tab beyond its document: using one closes the tab after the test instead of reusing it. */
const PAGE_ONE_WAY = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'setViewportSize',
  'emulateMedia',
  'setExtraHTTPHeaders',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'addLocatorHandler',
  'routeFromHAR',
  'routeWebSocket',
] as const;

/** Wraps `names` on `target` (own properties over the prototype's) so calling any of them runs `onCall` first. */
function watchCalls(target: object, names: readonly string[], onCall: () => void): void {
  const record = target as Record<string, unknown>;
  for (const name of names) {
    const original = record[name];
    if (typeof original !== 'function') continue;
    record[name] = (...args: unknown[]) => {
      onCall();
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

export class WarmContext {
  /** Origins whose documents were loaded since the last wipe (frames too): their storage is wiped. */
  private readonly visited = new Set<string>();
  private readonly ownListeners: Map<string | symbol, Listener[]>;
  /** The tab handed to tests, with the listeners it had before any test and whether a test changed its settings. */
  private tab: { page: Page; listeners: Map<string | symbol, Listener[]>; changed: boolean } | undefined;
  /** Set when a test used a context API that cannot be undone: the context is closed after that test. */
  spent = false;

  constructor(
    readonly context: BrowserContext,
    private readonly appOrigin: string | undefined,
  ) {
    context.on('request', (request) => {
      if (!request.isNavigationRequest()) return;
      const url = new URL(request.url());
      if (url.protocol === 'http:' || url.protocol === 'https:') this.visited.add(url.origin);
    });
    this.ownListeners = snapshotListeners(context as unknown as Events);
    const spend = () => {
      this.spent = true;
    };
    watchCalls(context, CONTEXT_ONE_WAY, spend);
    watchCalls(context.clock, CLOCK_METHODS, spend);
  }

  /** The tab the last test left at about:blank with its site wiped (its renderer already up), else a new one. */
  async page(): Promise<Page> {
    if (this.tab && !this.tab.page.isClosed()) return this.tab.page;
    const page = await this.context.newPage();
    const tab = { page, listeners: snapshotListeners(page as unknown as Events), changed: false };
    const change = () => {
      tab.changed = true;
    };
    watchCalls(page, PAGE_ONE_WAY, change);
    // A key or button left down would still be down in the next test.
    watchCalls(page.keyboard, ['down'], change);
    watchCalls(page.mouse, ['down'], change);
    this.tab = tab;
    return page;
  }

  /** Back to an empty profile for every site the last test visited; the caches and (when it can be) the tab stay. */
  async wipe(): Promise<void> {
    const context = this.context;
    dropListenersAddedSince(context as unknown as Events, this.ownListeners);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await context.clearPermissions();
    await context.clearCookies();
    const tab = this.tab && !this.tab.page.isClosed() && !this.tab.changed ? this.tab : undefined;
    this.tab = undefined;
    // Pages first, so no page of the app can write after its storage is wiped. The kept tab leaves the app for
    // about:blank (its document, workers and connections end as a closed page's do) with its history cleared.
    await Promise.all(
      context
        .pages()
        .filter((p) => p !== tab?.page)
        .map((p) => p.close()),
    );
    let blank: Page;
    if (tab && (await this.blankOut(tab.page))) {
      dropListenersAddedSince(tab.page as unknown as Events, tab.listeners);
      this.tab = tab;
      blank = tab.page;
    } else {
      await tab?.page.close().catch(() => undefined);
      blank = await this.page();
    }
    const cdp = await context.newCDPSession(blank);
    const origins = new Set(this.visited);
    if (this.appOrigin) origins.add(this.appOrigin);
    // 'all' covers the tab's sessionStorage too (e2e/suite-isolation.spec.ts checks that it is gone).
    for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.detach();
    this.visited.clear();
  }

  /** The tab at about:blank with no history and the pointer off the page; false when it would not get there. */
  private async blankOut(page: Page): Promise<boolean> {
    try {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      // The pointer leaves the page: where the last test left it would hover the next test's page.
      await page.mouse.move(-1, -1);
      await page.goto('about:blank', { timeout: 5_000 });
      const cdp = await this.context.newCDPSession(page);
      await cdp.send('Page.resetNavigationHistory');
      await cdp.detach();
      return true;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

function snapshotListeners(target: Events): Map<string | symbol, Listener[]> {
  return new Map(target.eventNames().map((name) => [name, [...target.listeners(name)]]));
}

function dropListenersAddedSince(target: Events, before: Map<string | symbol, Listener[]>): void {
  for (const name of target.eventNames()) {
    const kept = before.get(name) ?? [];
    for (const listener of target.listeners(name)) if (!kept.includes(listener)) target.removeListener(name, listener);
  }
}

/** A failed test's pages, attached as screenshots (Playwright's own capture only follows contexts made in the test). */
export async function attachFailureScreenshots(context: BrowserContext, testInfo: TestInfo): Promise<void> {
  let n = 0;
  for (const page of context.pages()) {
    const body = await page.screenshot({ timeout: 5_000 }).catch(() => undefined);
    if (body) await testInfo.attach(`failure-page-${++n}`, { body, contentType: 'image/png' });
  }
}
