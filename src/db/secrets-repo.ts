/** The one secret builds before per-endpoint keys kept the key in; `endpoint-keys.ts` moves it on first read. */
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
