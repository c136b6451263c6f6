/**
 * Stored text lags what is shown by up to the persister's interval (architecture.md, invariant 2). A page being
 * closed or hidden may never get that second, so both moments write at once.
 */
export function flushOnHide(
  win: Pick<Window, 'addEventListener'>,
  doc: Pick<Document, 'addEventListener' | 'visibilityState'>,
  flush: () => Promise<void>,
): void {
  win.addEventListener('pagehide', () => void flush());
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') void flush();
  });
}
