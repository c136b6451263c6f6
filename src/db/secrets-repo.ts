import type { ToolscopeDB } from './database';

export const API_KEY_SECRET = 'apiKey';

export type ApiKeyStore = {
  /** The tab's key if set, else the remembered one. */
  getKey(): Promise<string | null>;
  /** `remember: false` keeps it for this tab only and removes any remembered key. */
  setKey(key: string, opts: { remember: boolean }): Promise<void>;
  isRemembered(): Promise<boolean>;
  /** Clears the key from memory and storage. */
  forgetKey(): Promise<void>;
};

/** One per tab: the in-memory key lives in this closure, never in a global or in the store. */
export function createApiKeyStore(db: ToolscopeDB, secretKey: string = API_KEY_SECRET): ApiKeyStore {
  let inMemory: string | null = null;
  return {
    async getKey() {
      if (inMemory !== null) return inMemory;
      const rec = await db.secrets.get(secretKey);
      inMemory = rec?.value ?? null;
      return inMemory;
    },
    async setKey(key, { remember }) {
      inMemory = key;
      if (remember) await db.secrets.put({ key: secretKey, value: key });
      else await db.secrets.delete(secretKey);
    },
    async isRemembered() {
      return (await db.secrets.get(secretKey)) !== undefined;
    },
    async forgetKey() {
      inMemory = null;
      await db.secrets.delete(secretKey);
    },
  };
}
