/**
 * When start-up may ask for its first chunk (speed-and-tests.md, "Start-up"): once the browser reports the first
 * contentful paint (the stand-in first screen, the page's LCP). A chunk that arrives before that paint is counted
 * into it: Lighthouse's simulated LCP charges every request that ended before the observed paint, and start-up's
 * chunks (Dexie, the schema, the stores, the screens) are most of the first load's bytes. A hidden tab does not
 * paint, so it goes on at once; an engine without paint timing, or a paint not reported, goes on after `maxWaitMs`.
 */
export type PaintWindow = {
  document: Pick<Document, 'visibilityState'>;
  PerformanceObserver?: {
    new (callback: (list: { getEntriesByName(name: string): unknown[] }) => void): PaintObserver;
    supportedEntryTypes?: readonly string[];
  };
  setTimeout: (callback: () => void, ms: number) => unknown;
};
type PaintObserver = { observe(options: { type: 'paint'; buffered: true }): void; disconnect(): void };

export function afterFirstPaint(win: PaintWindow, maxWaitMs = 500): Promise<void> {
  return new Promise<void>((resolve) => {
    const Observer = win.PerformanceObserver;
    if (win.document.visibilityState === 'hidden' || !Observer?.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const observer = new Observer((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    win.setTimeout(() => {
      observer.disconnect();
      resolve();
    }, maxWaitMs);
  });
}
