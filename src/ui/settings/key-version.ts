/**
 * A number that changes whenever the API key does, for the model list's query key: the cache must never
 * hold the key, yet a new key has to refetch. It is kept for the page's life (not per dialog), so reopening
 * Settings with the same key finds the cached list instead of asking /models again.
 */
export function createKeyVersions(): (key: string) => number {
  let lastKey: string | null = null;
  let version = 0;
  return (key) => {
    if (key !== lastKey) {
      lastKey = key;
      version += 1;
    }
    return version;
  };
}

export const keyVersion = createKeyVersions();
