import { checkIndexedDB } from './db/storage-errors';
import { selectMemoryBackend } from './db/storage-backend';
import { registerServiceWorker } from './ui/shell/app-update';

/**
 * Chooses where data lives before anything opens the database: a browser that refuses IndexedDB (some private
 * modes) gets an in-memory one for this tab, so chat, tools and Export still work. Nothing that opens the database is imported
 * statically here, so the database module cannot load before the choice is made.
 */
async function boot(): Promise<void> {
  const probe = await checkIndexedDB();
  if (!probe.ok) {
    const fake = await import('fake-indexeddb');
    selectMemoryBackend(probe.reason, { indexedDB: fake.indexedDB, IDBKeyRange: fake.IDBKeyRange });
  }
  const { mountApp } = await import('./mount-app');
  mountApp();
}

void boot();
// Built pages only (the dev server has no sw.js). After load, so precaching does not compete with the first paint.
if (import.meta.env.PROD) window.addEventListener('load', registerServiceWorker, { once: true });
