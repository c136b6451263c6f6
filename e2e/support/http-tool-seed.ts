/** HTTP tool definitions stored straight into the page's IndexedDB, as an earlier visit would have saved them. */
import type { Page } from '@playwright/test';

type HttpToolSeed = {
  name: string;
  description?: string;
  urlTemplate: string;
  parameters: Record<string, unknown>;
  needsApproval?: boolean;
  timeoutMs?: number;
};

/** Stores HTTP tool definitions with the page's IndexedDB (the app reads enabled tools when a run starts). */
export async function seedHttpTools(page: Page, tools: HttpToolSeed[]): Promise<void> {
  const now = Date.now();
  const defs = tools.map((t, i) => ({
    id: `tool-${t.name}`,
    name: t.name,
    description: t.description ?? `Test tool ${t.name}`,
    parameters: t.parameters,
    kind: 'http',
    code: null,
    http: { method: 'GET', urlTemplate: t.urlTemplate, headers: [], bodyTemplate: null, responseType: 'json' },
    builtinId: null,
    allowedOrigins: [],
    timeoutMs: t.timeoutMs ?? null,
    needsApproval: t.needsApproval ?? false,
    enabled: true,
    createdAt: now + i,
    updatedAt: now + i,
  }));
  await page.evaluate(async (rows) => {
    const open = () =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('toolscope');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    let idb = await open();
    for (let i = 0; i < 50 && !idb.objectStoreNames.contains('tools'); i++) {
      idb.close();
      await new Promise((r) => setTimeout(r, 100));
      idb = await open();
    }
    const tx = idb.transaction('tools', 'readwrite');
    for (const r of rows) tx.objectStore('tools').put(r);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    idb.close();
  }, defs);
}

export const cityParams = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};
