import { baseURLIdentity } from '../domain/session';
import type { ToolscopeDB } from './database';
import { API_KEY_SECRET, type ApiKeyStore } from './secrets-repo';

/** The secrets-table key of one endpoint's API key. */
export function endpointKeySecret(baseURL: string): string {
  return `apiKey:${baseURLIdentity(baseURL)}`;
}

type EndpointKeyStore = ApiKeyStore & {
  /** The key that belongs to `baseURL` (this tab's, else the remembered one); never another endpoint's. */
  keyFor(baseURL: string): Promise<string | null>;
};

/**
 * API keys per endpoint (architecture.md, "Keys belong to endpoints"): the plain ApiKeyStore methods act on the
 * endpoint Settings point at now, so switching the base URL switches the key with it and a key typed for one provider
 * is never sent to another. Keys live only in the secrets table (never exported) or, unremembered, in this closure.
 * A key saved before keys had endpoints belongs to the first endpoint that asks for one (the one in Settings at load).
 */
export function createEndpointKeyStore(db: ToolscopeDB, currentBaseURL: () => string): EndpointKeyStore {
  const inMemory = new Map<string, string>();
  const keyFor = async (baseURL: string): Promise<string | null> => {
    const id = baseURLIdentity(baseURL);
    const held = inMemory.get(id);
    if (held !== undefined) return held;
    const secret = endpointKeySecret(baseURL);
    const stored = await db.secrets.get(secret);
    if (stored) {
      inMemory.set(id, stored.value);
      return stored.value;
    }
    const legacy = await db.transaction('rw', db.secrets, async () => {
      const old = await db.secrets.get(API_KEY_SECRET);
      if (!old) return null;
      await db.secrets.put({ key: secret, value: old.value });
      await db.secrets.delete(API_KEY_SECRET);
      return old.value;
    });
    if (legacy !== null) inMemory.set(id, legacy);
    return legacy;
  };
  return {
    keyFor,
    getKey: () => keyFor(currentBaseURL()),
    async setKey(key, { remember }) {
      const url = currentBaseURL();
      inMemory.set(baseURLIdentity(url), key);
      if (remember) await db.secrets.put({ key: endpointKeySecret(url), value: key });
      else await db.secrets.delete(endpointKeySecret(url));
    },
    async isRemembered() {
      return (await db.secrets.get(endpointKeySecret(currentBaseURL()))) !== undefined;
    },
    async forgetKey() {
      const url = currentBaseURL();
      inMemory.delete(baseURLIdentity(url));
      await db.secrets.delete(endpointKeySecret(url));
    },
  };
}
