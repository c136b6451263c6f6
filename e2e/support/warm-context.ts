/**
 * One browser context per worker and option set, handed from test to test with the site's data wiped in between:
 * each test still starts with an empty profile for the app (no IndexedDB, no localStorage, no cookies, no granted
 * permissions, online, no routes, no pages left over), but the browser keeps its HTTP and compiled-code caches, as a
 * returning visitor's browser does. A fresh context per test made every test pay a cold start (a new renderer,
 * parsing and compiling every chunk again), most of the suite's CPU on a 2-core machine (docs/architecture.md,
 * "The e2e suite's cost"). A test that fails gives its context up, so what it left cannot reach the next test.
 */
import type { BrowserContext, Page, TestInfo } from '@playwright/test';

type Listener = (...args: unknown[]) => unknown;
type ContextEvents = BrowserContext & {
  eventNames(): (string | symbol)[];
  listeners(event: string | symbol): Listener[];
  removeListener(event: string | symbol, listener: Listener): void;
};

export class WarmContext {
  /** Origins whose documents were loaded since the last wipe (frames too): their storage is wiped. */
  private readonly visited = new Set<string>();
  private readonly ownListeners: Map<string | symbol, Listener[]>;
  private spare: Page | undefined;

  constructor(readonly context: BrowserContext, private readonly appOrigin: string | undefined) {
    context.on('request', (request) => {
      if (!request.isNavigationRequest()) return;
      const url = new URL(request.url());
      if (url.protocol === 'http:' || url.protocol === 'https:') this.visited.add(url.origin);
    });
    this.ownListeners = snapshotListeners(context);
  }

  /** The blank page left by the last wipe (its renderer is already up), else a new one. */
  async page(): Promise<Page> {
    const spare = this.spare;
    this.spare = undefined;
    if (spare && !spare.isClosed()) return spare;
    return this.context.newPage();
  }

  /** Back to an empty profile for every site the last test visited; the caches stay. */
  async wipe(): Promise<void> {
    const context = this.context;
    dropListenersAddedSince(context as ContextEvents, this.ownListeners);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.setOffline(false);
    await context.clearPermissions();
    await context.clearCookies();
    // Pages first, so no page of the app can write after its storage is wiped.
    await Promise.all(context.pages().map((p) => p.close()));
    const blank = await context.newPage();
    const cdp = await context.newCDPSession(blank);
    const origins = new Set(this.visited);
    if (this.appOrigin) origins.add(this.appOrigin);
    for (const origin of origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.detach();
    this.visited.clear();
    this.spare = blank;
  }

  close(): Promise<void> {
    return this.context.close();
  }
}

function snapshotListeners(context: BrowserContext): Map<string | symbol, Listener[]> {
  const events = context as ContextEvents;
  return new Map(events.eventNames().map((name) => [name, [...events.listeners(name)]]));
}

function dropListenersAddedSince(context: ContextEvents, before: Map<string | symbol, Listener[]>): void {
  for (const name of context.eventNames()) {
    const kept = before.get(name) ?? [];
    for (const listener of context.listeners(name)) if (!kept.includes(listener)) context.removeListener(name, listener);
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
