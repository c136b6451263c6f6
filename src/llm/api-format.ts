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

/** OpenAI's own endpoint speaks the Responses API; other OpenAI-compatible servers mostly speak only Chat Completions. */
export function defaultApiFormat(baseURL: string): ApiFormat {
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
