import type { Page } from '@playwright/test';

/**
 * Every value every IndexedDB database of the page holds, as text, but the stores whose names match `skip` (where a
 * secret is meant to be): a secret found here leaked into storage.
 */
export async function storedTextOutside(page: Page, skip: RegExp): Promise<string> {
  return page.evaluate(async (skipSource) => {
    const skipped = new RegExp(skipSource, 'i');
    const names = (await indexedDB.databases()).map((d) => d.name ?? '');
    const out: string[] = [];
    for (const name of names) {
      const opened = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open(name);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      for (const store of Array.from(opened.objectStoreNames)) {
        if (skipped.test(store)) continue;
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const r = opened.transaction(store).objectStore(store).getAll();
          r.onsuccess = () => resolve(r.result as unknown[]);
          r.onerror = () => reject(r.error);
        });
        out.push(JSON.stringify(all));
      }
      opened.close();
    }
    return out.join('\n');
  }, skip.source);
}
