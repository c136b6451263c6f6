/**
 * When work that can wait for start-up may begin (speed-and-tests.md, "Start-up"): once start-up has settled (the
 * real shell drawn, or start-up failed), the document's load event has fired, and then the page is idle, or
 * `maxWaitMs` has passed without an idle moment. The load event alone came before the first paint (the entry chunk
 * is small and the rest loads by `import()`), so work hung on it ran beside every start-up task after that paint.
 */
export type StartUpWindow = {
  document: Pick<Document, 'readyState'>;
  addEventListener: (type: 'load', listener: () => void, options: { once: true }) => void;
  requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
};

export async function afterStartUp(startUp: Promise<unknown>, win: StartUpWindow, maxWaitMs = 5000): Promise<void> {
  await startUp.then(
    () => undefined,
    () => undefined,
  );
  if (win.document.readyState !== 'complete') {
    await new Promise<void>((resolve) => win.addEventListener('load', () => resolve(), { once: true }));
  }
  await new Promise<void>((resolve) => {
    // Not every engine has idle callbacks (Safari); there a timer waits a little past the last start-up task.
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: maxWaitMs });
    else win.setTimeout(() => resolve(), 500);
  });
}
