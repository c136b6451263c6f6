import type { ChatModelClient, ModelClient } from '../../agent/model-client';
import type { WireSettings } from '../../llm/api-format';
import type { CompleteChat } from '../../llm/chat-completion';
import type { Embedder } from '../../llm/embeddings';
import { endpointReady } from '../../llm/known-providers';
import { runModelClient } from '../run/lazy-model-client';
import { apiKeyStore, useSettingsStore } from './settings-store';

/**
 * The one door to a model endpoint (architecture.md, "Keys belong to endpoints"): an endpoint's saved key and what
 * calls it. Every request that leaves the page for a model — a run's, Try on other models, a suite's cells and
 * judges, Compact now, MCP sampling — gets its client here, so a key is only ever sent to the endpoint it was saved
 * for. The endpoint's API (`WireSettings.format`) picks the client; a new wire format is one more case there.
 */
export type OpenEndpoint<C extends ModelClient = ModelClient> = { baseURL: string; apiKey: string; ready: boolean; client: C };

/** The endpoint Settings point at: a run's, and Compact now's. */
export function currentBaseURL(): string {
  return useSettingsStore.getState().baseURL;
}

/** The key saved for `baseURL`; '' when there is none (a local server needs none, and the provider says so otherwise). */
export async function savedKeyFor(baseURL: string): Promise<string> {
  return (await apiKeyStore.keyFor(baseURL)) ?? '';
}

/** The key of the endpoint Settings point at: what a run sends with, read only here. */
export function currentKey(): Promise<string> {
  return savedKeyFor(currentBaseURL());
}

/** Whether the person has an endpoint at `baseURL`: a saved key, or a local server that needs none. */
export async function hasEndpoint(baseURL: string): Promise<boolean> {
  return endpointReady(baseURL, (await apiKeyStore.keyFor(baseURL)) !== null);
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
  const url = baseURL ?? currentBaseURL();
  const apiKey = await savedKeyFor(url);
  return { baseURL: url, apiKey, ready: endpointReady(url, apiKey !== ''), client: runModelClient({ apiKey, baseURL: url, ...(wire ? { wire } : {}) }) };
}

/**
 * One non-streamed Chat Completions request at a time to the endpoint at `baseURL` (an eval judge's), with its saved
 * key; the SDK loads with the first request, and one client serves every request.
 */
export async function openCompletions(baseURL: string): Promise<CompleteChat> {
  const apiKey = await savedKeyFor(baseURL);
  let complete: Promise<CompleteChat> | null = null;
  return async (request, signal) => {
    complete ??= import('../../llm/chat-completion').then((m) => m.createCompleteChat({ apiKey, baseURL }));
    return (await complete)(request, signal);
  };
}

/** Memory recall's embeddings client for a run's endpoint and key; the SDK loads with the first request. */
export function embedderFor(connection: { apiKey: string; baseURL: string; model: string }): Embedder {
  let embedder: Promise<Embedder> | null = null;
  return {
    model: connection.model,
    embed: async (texts, signal) => {
      embedder ??= import('../../llm/embeddings').then((m) => m.createEmbedder(connection));
      return (await embedder).embed(texts, signal);
    },
  };
}
