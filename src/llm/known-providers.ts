import type { ApiFormat } from '../domain/session';

type ProviderPreset = {
  id: string;
  label: string;
  baseURL: string;
  /** Runs on this machine: usually needs no key, and needs CORS enabled for the page's origin. */
  local: boolean;
  /**
   * The wire format a session on this endpoint uses until someone chooses: Responses only where it is the provider's
   * own; Anthropic's and Google's own endpoints speak their own formats (docs/wire-formats.md).
   */
  apiFormat: ApiFormat;
};

/**
 * The demo model's base URL: not an address but a name the model-client factory recognises, so nothing is ever sent
 * anywhere for it (the model is a script in the page, llm/demo-model.ts; architecture.md, "The demo model").
 */
export const DEMO_BASE_URL = 'toolscope:demo';
/** The model name a demo session carries; the demo answers to any. */
export const DEMO_MODEL = 'toolscope-demo';

/** True for the demo's base URL however it was typed (case, spaces, trailing slashes). */
export function isDemoBaseURL(baseURL: string): boolean {
  return baseURL.trim().replace(/\/+$/, '').toLowerCase() === DEMO_BASE_URL;
}

export const KNOWN_PROVIDERS: readonly ProviderPreset[] = [
  { id: 'demo', label: 'Demo model (in this page)', baseURL: DEMO_BASE_URL, local: true, apiFormat: 'chat' },
  { id: 'openai', label: 'OpenAI', baseURL: 'https://api.openai.com/v1', local: false, apiFormat: 'responses' },
  { id: 'openrouter', label: 'OpenRouter', baseURL: 'https://openrouter.ai/api/v1', local: false, apiFormat: 'chat' },
  { id: 'groq', label: 'Groq', baseURL: 'https://api.groq.com/openai/v1', local: false, apiFormat: 'chat' },
  { id: 'together', label: 'Together', baseURL: 'https://api.together.xyz/v1', local: false, apiFormat: 'chat' },
  { id: 'anthropic', label: 'Anthropic', baseURL: 'https://api.anthropic.com', local: false, apiFormat: 'anthropic' },
  {
    id: 'gemini',
    label: 'Google Gemini',
    baseURL: 'https://generativelanguage.googleapis.com',
    local: false,
    apiFormat: 'gemini',
  },
  { id: 'ollama', label: 'Ollama (local)', baseURL: 'http://localhost:11434/v1', local: true, apiFormat: 'chat' },
  { id: 'lmstudio', label: 'LM Studio (local)', baseURL: 'http://localhost:1234/v1', local: true, apiFormat: 'chat' },
  { id: 'vllm', label: 'vLLM (local)', baseURL: 'http://localhost:8000/v1', local: true, apiFormat: 'chat' },
  {
    id: 'test-server',
    label: 'Local test server',
    baseURL: 'http://127.0.0.1:8787/v1',
    local: true,
    apiFormat: 'chat',
  },
];

/** Scheme, host (lower-cased, default port dropped) and path without trailing slashes; null if not an http(s) URL. */
function canonical(baseURL: string): string | null {
  if (isDemoBaseURL(baseURL)) return DEMO_BASE_URL;
  let url: URL;
  try {
    url = new URL(baseURL.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return null;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

const CANONICAL = new Map<string, ProviderPreset>();
for (const preset of KNOWN_PROVIDERS) {
  const key = canonical(preset.baseURL);
  if (key !== null) CANONICAL.set(key, preset);
}

/**
 * The preset whose base URL this is, compared exactly (apart from case in the host and trailing
 * slashes): the settings screen warns that the key goes to any other host, so a look-alike such as
 * `https://api.openai.com.evil.example/v1` must not match.
 */
export function findProvider(baseURL: string): ProviderPreset | null {
  const key = canonical(baseURL);
  return key === null ? null : (CANONICAL.get(key) ?? null);
}

/** One key per endpoint, so choices made for it (the API) are found again however its URL was typed. */
export function endpointKey(baseURL: string): string {
  return canonical(baseURL) ?? baseURL.trim();
}

export function isKnownProvider(baseURL: string): boolean {
  return findProvider(baseURL) !== null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An endpoint that needs no API key: a local preset (Ollama, LM Studio, vLLM, the test server) or any server on this
 * machine. Requests to it without a key carry no Authorization header at all.
 */
export function keyOptional(baseURL: string): boolean {
  if (findProvider(baseURL)?.local) return true;
  try {
    const url = new URL(baseURL.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * The one rule for "ready" (architecture.md, "Keys belong to endpoints"): the endpoint has a saved key, or needs none.
 * Everything that refuses to send without a key asks this; the endpoint door answers it for a saved endpoint.
 */
export function endpointReady(baseURL: string, hasKey: boolean): boolean {
  return hasKey || keyOptional(baseURL);
}
