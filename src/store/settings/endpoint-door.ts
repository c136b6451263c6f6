import type { ChatModelClient, ModelClient } from '../../agent/model-client';
import { wireSettingsOf, type WireSettings } from '../../llm/api-format';
import { sameBaseURL, type SessionRecord } from '../../domain/session';
import type { CompleteChat } from '../../llm/chat-completion';
import type { Embedder } from '../../llm/embeddings';
import type { listModels } from '../../llm/list-models';
import type { ConnectionVerdict, testConnection } from '../../llm/test-connection';
import { endpointReady } from '../../llm/known-providers';
import { runModelClient } from '../run/lazy-model-client';
import { apiKeyStore, defaultsToSessionSettings, useSettingsStore } from './settings-store';

/**
 * The one door to a model endpoint (architecture.md, "Keys belong to endpoints"): it takes an endpoint and returns
 * what calls it, the endpoint's saved key read inside, so no caller ever holds a key. Every request that leaves the
 * page for a model — a run's, Try on other models, a suite's cells and judges, Compact now, MCP sampling, memory
 * recall's embeddings — goes through here, so a key is only ever sent to the endpoint it was saved for. The
 * endpoint's API (`WireSettings.format`) picks the client; a new wire format is one more case there.
 */
type Endpoint = {
  /** Absent: the endpoint Settings point at. */
  baseURL?: string;
  /** The API the endpoint is spoken to in; absent: Chat Completions. */
  wire?: WireSettings;
};

/** What calls an opened endpoint; `ready`: it has a saved key, or needs none (the one rule, `endpointReady`). */
type OpenEndpoint<C extends ModelClient = ModelClient> = {
  baseURL: string;
  ready: boolean;
  client: C;
  /** Non-streamed Chat Completions requests (an eval judge's); the SDK loads with the first. */
  complete: CompleteChat;
  /** Memory recall's embeddings client for `model`; the SDK loads with the first request. */
  embedder(model: string): Embedder;
};

/** The endpoint Settings point at: a run's, and Compact now's. */
export function currentBaseURL(): string {
  return useSettingsStore.getState().baseURL;
}

/**
 * The API `baseURL` is spoken to in: a session's own endpoint in the session's settings; any other endpoint (a line
 * "<model> @ <base URL>" of Try on other models or a suite) as a new session on it would start (the API chosen for
 * it in Settings, else its preset's, with the thinking settings for new sessions), so a Claude or Gemini endpoint
 * named from an OpenAI session is asked in its own format.
 */
export function endpointWire(baseURL: string, session?: Pick<SessionRecord, 'settings' | 'endpoint'>): WireSettings {
  const own = session?.endpoint?.baseURL ?? currentBaseURL();
  if (session !== undefined && sameBaseURL(own, baseURL)) return wireSettingsOf(session.settings, baseURL);
  return wireSettingsOf(defaultsToSessionSettings(useSettingsStore.getState().defaults, baseURL), baseURL);
}

/** The key saved for `baseURL`, for the Settings form's key field only; '' when there is none. */
export async function savedKeyFor(baseURL: string): Promise<string> {
  return (await apiKeyStore.keyFor(baseURL)) ?? '';
}

/** Whether the person has an endpoint at `baseURL`: a saved key, or a local server that needs none. */
export async function hasEndpoint(baseURL: string): Promise<boolean> {
  return endpointReady(baseURL, (await apiKeyStore.keyFor(baseURL)) !== null);
}

/** Opens `endpoint` with its saved key: a Chat Completions client without `wire`, else the client of its API. */
export async function openEndpoint(endpoint?: Endpoint & { wire?: undefined }): Promise<OpenEndpoint<ChatModelClient>>;
export async function openEndpoint(endpoint: Endpoint): Promise<OpenEndpoint>;
export async function openEndpoint(endpoint: Endpoint = {}): Promise<OpenEndpoint> {
  const baseURL = endpoint.baseURL ?? currentBaseURL();
  const apiKey = await savedKeyFor(baseURL);
  const connection = { apiKey, baseURL };
  return {
    baseURL,
    ready: endpointReady(baseURL, apiKey !== ''),
    client: runModelClient({ ...connection, ...(endpoint.wire ? { wire: endpoint.wire } : {}) }),
    complete: lazyCompletions(connection),
    embedder: (model) => lazyEmbedder({ ...connection, model }),
  };
}

/**
 * The endpoint being typed into Settings, asked with the key as typed (not saved yet): Test connection. The key is
 * the person's own input, never one read from storage.
 */
export async function testTypedEndpoint(options: Parameters<typeof testConnection>[0]): Promise<ConnectionVerdict> {
  return (await import('../../llm/test-connection')).testConnection(options);
}

/** The model list of the endpoint being typed into Settings, with the key as typed; the SDK loads with the first. */
export async function listTypedEndpointModels(options: Parameters<typeof listModels>[0]): Promise<string[]> {
  return (await import('../../llm/list-models')).listModels(options);
}

/** One client serves every request; the SDK loads with the first. */
function lazyCompletions(connection: { apiKey: string; baseURL: string }): CompleteChat {
  let complete: Promise<CompleteChat> | null = null;
  return async (request, signal) => {
    complete ??= import('../../llm/chat-completion').then((m) => m.createCompleteChat(connection));
    return (await complete)(request, signal);
  };
}

function lazyEmbedder(connection: { apiKey: string; baseURL: string; model: string }): Embedder {
  let embedder: Promise<Embedder> | null = null;
  return {
    model: connection.model,
    embed: async (texts, signal) => {
      embedder ??= import('../../llm/embeddings').then((m) => m.createEmbedder(connection));
      return (await embedder).embed(texts, signal);
    },
  };
}
