import { findProvider } from './known-providers';
import type { ApiFormat, SessionSettings } from '../domain/session';
import type { ProviderToolKind } from '../domain/provider-items';

/** How a session's requests go on the wire; built from its settings and the base URL. */
export type WireSettings = {
  format: ApiFormat;
  providerTools: readonly ProviderToolKind[];
  /** Opt-in provider storage: `store: true` and `previous_response_id`. Off: stateless, encrypted reasoning sent back. */
  providerStorage: boolean;
  remoteMcpUrl?: string;
  vectorStoreId?: string;
};

/**
 * The wire format an endpoint gets until someone chooses: its preset's (Responses for OpenAI's own endpoint), and
 * Chat Completions elsewhere, which most OpenAI-compatible servers speak.
 */
export function defaultApiFormat(baseURL: string): ApiFormat {
  const preset = findProvider(baseURL);
  if (preset) return preset.apiFormat;
  try {
    return new URL(baseURL.trim()).hostname.toLowerCase() === 'api.openai.com' ? 'responses' : 'chat';
  } catch {
    return 'chat';
  }
}

export function wireSettingsOf(settings: SessionSettings, baseURL: string): WireSettings {
  return {
    format: settings.apiFormat ?? defaultApiFormat(baseURL),
    providerTools: settings.providerTools ?? [],
    providerStorage: settings.providerStorage === true,
    ...(settings.remoteMcpUrl ? { remoteMcpUrl: settings.remoteMcpUrl } : {}),
    ...(settings.vectorStoreId ? { vectorStoreId: settings.vectorStoreId } : {}),
  };
}
