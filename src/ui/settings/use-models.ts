import { useQuery } from '@tanstack/react-query';
import { keyVersion } from './key-version';

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The endpoint's model list, cached per base URL. The key is not part of the query key (the cache must
 * never hold it); its version changes whenever the key does, so a new key refetches.
 */
export function useModels(baseURL: string, apiKey: string) {
  return useQuery({
    queryKey: ['models', baseURL.trim(), keyVersion(apiKey)],
    // The SDK loads when the settings first need it, not with the page.
    queryFn: async ({ signal }) => (await import('../../llm/list-models')).listModels({ apiKey, baseURL: baseURL.trim(), signal }),
    enabled: isHttpUrl(baseURL),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    retry: false,
  });
}
