import { afterEach, describe, expect, it } from 'vitest';
import type { ToolscopeDB } from './database';
import { API_KEY_SECRET, createApiKeyStore } from './secrets-repo';
import { freshDB } from './testing/fresh-db';

let db: ToolscopeDB;
afterEach(() => db?.close());

describe('API key store', () => {
  it('keeps a key in memory only unless asked to remember it', async () => {
    ({ db } = freshDB());
    const tab = createApiKeyStore(db);
    await tab.setKey('sk-tab', { remember: false });
    expect(await tab.getKey()).toBe('sk-tab');
    expect(await db.secrets.get(API_KEY_SECRET)).toBeUndefined();
    // A new tab (new store, same database) does not see it.
    expect(await createApiKeyStore(db).getKey()).toBeNull();

    await tab.setKey('sk-kept', { remember: true });
    expect(await tab.isRemembered()).toBe(true);
    expect(await createApiKeyStore(db).getKey()).toBe('sk-kept');

    // Switching back to "don't remember" removes the stored key.
    await tab.setKey('sk-tab2', { remember: false });
    expect(await db.secrets.count()).toBe(0);
  });

  it('forgetKey clears memory and storage', async () => {
    ({ db } = freshDB());
    const tab = createApiKeyStore(db);
    await tab.setKey('sk-x', { remember: true });
    await tab.forgetKey();
    expect(await tab.getKey()).toBeNull();
    expect(await createApiKeyStore(db).getKey()).toBeNull();
  });
});
