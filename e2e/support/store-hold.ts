/**
 * Another tab of the app writing to IndexedDB, held open: a readwrite transaction on the given stores, kept alive
 * from a second page of the same origin until release(). The app's reads and writes on those stores wait for it,
 * as they do on a busy device or while another tab saves, which makes "right after load" or "right after a click"
 * a window a test can act in for certain rather than by luck of timing.
 */
import { expect, type BrowserContext } from '@playwright/test';

type StoreHold = { release: () => Promise<void> };

export async function holdStores(context: BrowserContext, stores: string[]): Promise<StoreHold> {
  const holder = await context.newPage();
  // Any same-origin page will do; this one loads no app code.
  await holder.goto('/schema/toolscope-session-v1.json');
  await holder.evaluate(
    (names) =>
      new Promise<void>((resolve, reject) => {
        const req = indexedDB.open('toolscope');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const tx = req.result.transaction(names, 'readwrite');
          const w = window as unknown as { __holdUntil: boolean; __held: Promise<void> };
          w.__holdUntil = true;
          w.__held = new Promise<void>((done) => {
            tx.oncomplete = () => done();
          });
          // A transaction commits once it has no request pending: keep one pending until released.
          const store = tx.objectStore(names[0] ?? '');
          const spin = () => {
            if (w.__holdUntil) store.count().onsuccess = spin;
          };
          spin();
          resolve();
        };
      }),
    stores,
  );
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await holder.evaluate(async () => {
        const w = window as unknown as { __holdUntil: boolean; __held: Promise<void> };
        w.__holdUntil = false;
        await w.__held;
      });
      await holder.close();
      await expect.poll(() => holder.isClosed()).toBe(true);
    },
  };
}
