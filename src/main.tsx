import { createRoot } from 'react-dom/client';
import { checkIndexedDB } from './db/storage-errors';
import { selectMemoryBackend } from './db/storage-backend';
import { registerServiceWorker } from './ui/shell/app-update';
import { afterFirstPaint } from './ui/shell/after-first-paint';
import { afterStartUp } from './ui/shell/after-start-up';
import { StartingShell } from './ui/shell/starting-shell';
import { readFirstScreenHint } from './ui/shell/first-screen-hint';
import { nextTask } from './store/next-task';
import { parseAddress } from './domain/app-address';
import './ui/styles.css';

/**
 * Start-up (speed-and-tests.md, "Start-up"): paint first, then storage, then the app, each step its own task.
 * 1. The stand-in first screen: the build writes it into index.html, whose script asks for this chunk only once it
 *    is painted (build/static-stand-in.ts); drawn here only where the page has none (the dev server's). No database,
 *    no Dexie yet, and no other chunk asked for until the browser reports it painted (ui/shell/after-first-paint.ts).
 * 2. Where data lives, chosen before anything opens the database: a browser that refuses IndexedDB (some private
 *    modes) gets an in-memory one for this tab, so chat, tools and Export still work. Nothing that opens the
 *    database is imported statically here, so the database module cannot load before the choice is made.
 * 3. Dexie's evaluation, the database module, the app's stores, its screens, then start-up's reads and writes, with
 *    a yield between each, and the real shell drawn over the stand-in once they are done (mount-app.tsx).
 * Settles once the real shell is drawn (or start-up failed).
 */
async function boot(): Promise<void> {
  const element = document.getElementById('root');
  if (!element) return;
  const root = createRoot(element);
  // A built page already shows the stand-in (index.html, build/static-stand-in.ts): it stays until React's first
  // commit, the real shell's or the failure's, replaces it. Drawing it again here would be a long task after the
  // first paint for no pixel. The dev server's page has an empty root.
  if (element.childElementCount === 0) {
    const address = parseAddress(location.hash);
    root.render(
      <StartingShell kind={readFirstScreenHint()} home={address.kind === 'home' && address.view === 'chat'} />,
    );
  }
  // Nothing more is fetched until the stand-in is painted: a chunk that arrives first is counted into the first paint.
  await afterFirstPaint(window);
  const probe = await checkIndexedDB();
  if (!probe.ok) {
    const fake = await import('fake-indexeddb');
    selectMemoryBackend(probe.reason, { indexedDB: fake.indexedDB, IDBKeyRange: fake.IDBKeyRange });
  }
  // Each import evaluates only what the ones before it did not: Dexie's own code, then the schema, then the app's
  // stores, then its screens. One import of everything was one task of hundreds of ms on a throttled phone.
  await import('dexie');
  await nextTask();
  await import('./db/database');
  await nextTask();
  await import('./store/app-controller');
  await nextTask();
  await import('./ui/app');
  await nextTask();
  const { mountApp } = await import('./mount-app');
  await nextTask();
  await mountApp(root);
}

const started = boot();
// Built pages only (the dev server has no sw.js). After start-up, so precaching every file does not compete with it.
if (import.meta.env.PROD) void afterStartUp(started, window).then(registerServiceWorker);
