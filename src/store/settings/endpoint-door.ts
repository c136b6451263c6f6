import type { ChatModelClient, ModelClient } from '../../agent/model-client';
import type { WireSettings } from '../../llm/api-format';
import { keyOptional } from '../../llm/known-providers';
import { runModelClient } from '../run/lazy-model-client';
import { apiKeyStore, useSettingsStore } from './settings-store';

/**
 * The one door to a model endpoint (architecture.md, "Keys belong to endpoints"): an endpoint's saved key and a model
 * client for it. Every request that leaves the page for a model — a run's, Try on other models, a suite's cells,
 * Compact now, MCP sampling — gets its client here, so a key is only ever sent to the endpoint it was saved for.
 */
export type OpenEndpoint<C extends ModelClient = ModelClient> = { baseURL: string; apiKey: string; client: C };

/** The key saved for `baseURL`; '' when there is none (a local server needs none, and the provider says so otherwise). */
export async function savedKeyFor(baseURL: string): Promise<string> {
  return (await apiKeyStore.keyFor(baseURL)) ?? '';
}

/** Whether the person has an endpoint at `baseURL`: a saved key, or a local server that needs none. */
export async function hasEndpoint(baseURL: string): Promise<boolean> {
  return keyOptional(baseURL) || (await apiKeyStore.keyFor(baseURL)) !== null;
}

/** A client for a connection whose key is already read (the run's deps read it once per run). */
export const modelClientFor: {
  (connection: { apiKey: string; baseURL: string }): ChatModelClient;
  (connection: { apiKey: string; baseURL: string; wire?: WireSettings }): ModelClient;
} = runModelClient;

/** The endpoint at `baseURL` (default: the one Settings point at), its key read, with a Chat Completions client. */
export async function openEndpoint(baseURL?: string): Promise<OpenEndpoint<ChatModelClient>>;
/** The same, speaking `wire`'s format (Chat Completions or the Responses API). */
export async function openEndpoint(baseURL: string | undefined, wire: WireSettings): Promise<OpenEndpoint>;
export async function openEndpoint(baseURL?: string, wire?: WireSettings): Promise<OpenEndpoint> {
  const url = baseURL ?? useSettingsStore.getState().baseURL;
  const apiKey = await savedKeyFor(url);
  return { baseURL: url, apiKey, client: runModelClient({ apiKey, baseURL: url, ...(wire ? { wire } : {}) }) };
}
