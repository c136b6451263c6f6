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
  /** Anthropic and Gemini: extended thinking's token budget; absent, the request asks for no thinking. */
  thinkingBudget?: number;
  /** Anthropic and Gemini: the reply's token limit; absent, Anthropic's required field gets its default. */
  maxOutputTokens?: number;
  /** Anthropic: cache breakpoints on the prompt (docs/wire-formats.md, "Anthropic Messages requests"). */
  cachePrompt?: boolean;
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
    ...(settings.thinkingBudget !== undefined ? { thinkingBudget: settings.thinkingBudget } : {}),
    ...(settings.maxOutputTokens !== undefined ? { maxOutputTokens: settings.maxOutputTokens } : {}),
    ...(settings.cachePrompt === true ? { cachePrompt: true } : {}),
  };
}
