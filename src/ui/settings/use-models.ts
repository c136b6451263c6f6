import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DEMO_MODEL, findProvider, isDemoBaseURL } from '../../llm/known-providers';
import { keyVersion } from './key-version';
import { listTypedEndpointModels } from '../../store/settings/endpoint-door';
import type { ApiFormat } from '../../domain/session';

export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A base URL Settings can save: an http(s) address, or the demo model's name (it runs in the page). */
export function isModelBaseURL(s: string): boolean {
  return isHttpUrl(s) || isDemoBaseURL(s);
}

/**
 * The endpoint's model list, cached per base URL. The key is not part of the query key (the cache must
 * never hold it); its version changes whenever the key does, so a new key refetches.
 */
/**
 * A hosted provider answers /models only with a key: asking without one just fails (on a first visit, with an
 * alarming "could not reach" before anything was typed). Local servers and unknown hosts may need none.
 */
export function waitsForKey(baseURL: string, apiKey: string): boolean {
  return apiKey.trim() === '' && findProvider(baseURL)?.local === false;
}

/** How long the base URL and key must stay unchanged before the list is asked for. */
const MODELS_SETTLE_MS = 600;

/** `value` once it has not changed for `ms`; the first value at once, so an opened dialog lists without delay. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === settled) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}

/**
 * Asks only for settled input: listing on every keystroke sent one request per character typed, carrying
 * half a key, or the whole key to half-typed hosts ("https://api.gr" is someone's machine).
 */
export function useModels(typedBaseURL: string, typedApiKey: string, apiFormat: ApiFormat) {
  // Settled as one pair: a URL finished while the key is still being typed must not go out with half a key.
  const [baseURL, apiKey] = JSON.parse(useSettled(JSON.stringify([typedBaseURL, typedApiKey]), MODELS_SETTLE_MS)) as [
    string,
    string,
  ];
  return useQuery({
    // Anthropic and Gemini list at their own paths with their own key headers: another format, another list.
    queryKey: ['models', baseURL.trim(), keyVersion(apiKey), apiFormat],
    // The SDK loads when the settings first need it, not with the page.
    // The demo model has one name and no endpoint to ask.
    queryFn: async ({ signal }) =>
      isDemoBaseURL(baseURL)
        ? [DEMO_MODEL]
        : listTypedEndpointModels({ apiKey, baseURL: baseURL.trim(), signal, apiFormat }),
    enabled: isModelBaseURL(baseURL) && !waitsForKey(baseURL, apiKey),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
    retry: false,
  });
}
