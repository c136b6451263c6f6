import OpenAI from 'openai';
import { guardedFetch } from './guarded-fetch';

export type ConnectionOptions = {
  apiKey: string;
  baseURL: string;
  /** Injected for tests and for environments that wrap fetch; defaults to the global fetch. */
  fetch?: typeof fetch;
  /** The SDK's own request timeout (headers must arrive within it). The loop enforces the finer limits. */
  timeoutMs?: number;
};

export const DEFAULT_TIMEOUT_MS = 10 * 60_000;

// Local servers accept any key, but the SDK refuses to start without one.
const PLACEHOLDER_KEY = 'no-key';

export function normalizeBaseURL(baseURL: string): string {
  return baseURL.trim().replace(/\/+$/, '');
}

/**
 * The SDK configured the way every Toolscope call needs it: in the browser, against any
 * OpenAI-compatible base URL, with no retries of its own (the loop retries, with events),
 * nothing read from process.env, and no logging (a log could carry request details).
 */
export function createSdk(options: ConnectionOptions): OpenAI {
  const noKey = options.apiKey.trim() === '';
  return new OpenAI({
    apiKey: noKey ? PLACEHOLDER_KEY : options.apiKey.trim(),
    // Without a key no Authorization header goes out (the placeholder only satisfies the SDK's constructor).
    ...(noKey ? { defaultHeaders: { Authorization: null } } : {}),
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL: normalizeBaseURL(options.baseURL),
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    logLevel: 'off',
    // Every call (chat, models, embeddings) goes through the redirect and error-body guards.
    fetch: guardedFetch(normalizeBaseURL(options.baseURL), options.fetch),
  });
}
