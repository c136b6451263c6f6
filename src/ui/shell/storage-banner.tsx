import { storageBackend } from '../data/storage-state';

/**
 * Shown for the whole visit when the browser refused IndexedDB: the app runs on an in-memory database, so
 * everything goes when the tab closes unless it is exported. The backend never changes after start-up.
 */
export function StorageBanner() {
  const backend = storageBackend();
  if (backend.kind !== 'memory') return null;
  return (
    <div className="alert storage-banner" role="alert" aria-label="Storage unavailable">
      <strong>Browser storage is unavailable</strong>
      <span>
        {backend.reason} Sessions, tools and settings are kept in this tab&apos;s memory only and are lost when it
        closes or reloads — use Export to keep a session. A normal (not private) window keeps them.
      </span>
    </div>
  );
}
