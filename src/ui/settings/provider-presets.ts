import { KNOWN_PROVIDERS, isKnownProvider } from '../../llm/known-providers';
import type { Preset } from './base-url-field';

export const PRESETS: Preset[] = KNOWN_PROVIDERS.map((p) => ({ label: p.label, baseURL: p.baseURL }));

/** The host an unknown base URL points at (the key would go there), or null for a known provider or an unparsable URL. */
export function unknownHostOf(baseURL: string): string | null {
  if (baseURL.trim() === '' || isKnownProvider(baseURL)) return null;
  try {
    return new URL(baseURL.trim()).host || null;
  } catch {
    return null;
  }
}
