import { create } from 'zustand';
import { DEFAULT_CONFIG } from '../../domain/loop-config';
import { db } from '../../db/database';
import { createEndpointKeyStore } from '../../db/endpoint-keys';
import { getSetting, isNumber, isString, setSetting } from '../../db/settings-repo';
import { DEFAULT_RAW_TRAFFIC_LIMIT_BYTES } from '../../domain/raw-traffic-limit';
import { endpointKey } from '../../llm/known-providers';
import type { LoopConfig } from '../../domain/loop-config';
import type { ApiFormat, SessionSettings } from '../../domain/session';

/** The model and limits a new session starts with; each session then keeps its own copy. */
export type SessionDefaults = Pick<
  LoopConfig,
  | 'model'
  | 'temperature'
  | 'topP'
  | 'maxTurns'
  | 'maxToolCallsPerTurn'
  | 'toolTimeoutMs'
  | 'firstByteTimeoutMs'
  | 'idleTimeoutMs'
  | 'maxRetries'
  | 'toolConcurrency'
  | 'toolOutputLimitBytes'
  | 'repeatCallLimit'
> & {
  systemPrompt: string;
  /**
   * The wire format chosen in Settings for each endpoint (by `endpointKey`): a new session on that endpoint starts
   * with it. An endpoint with no choice follows its preset (llm/api-format.ts).
   */
  apiFormats?: Readonly<Record<string, ApiFormat>>;
  /** Anthropic Messages and Gemini only (docs/wire-formats.md); absent: not sent. */
  thinkingBudget?: number;
  maxOutputTokens?: number;
  /** Anthropic Messages only: `cache_control` on the prompt. */
  cachePrompt?: boolean;
};

export const FALLBACK_DEFAULTS: SessionDefaults = {
  model: '',
  temperature: DEFAULT_CONFIG.temperature,
  topP: DEFAULT_CONFIG.topP,
  maxTurns: DEFAULT_CONFIG.maxTurns,
  maxToolCallsPerTurn: DEFAULT_CONFIG.maxToolCallsPerTurn,
  toolTimeoutMs: DEFAULT_CONFIG.toolTimeoutMs,
  firstByteTimeoutMs: DEFAULT_CONFIG.firstByteTimeoutMs,
  idleTimeoutMs: DEFAULT_CONFIG.idleTimeoutMs,
  maxRetries: DEFAULT_CONFIG.maxRetries,
  toolConcurrency: DEFAULT_CONFIG.toolConcurrency,
  toolOutputLimitBytes: DEFAULT_CONFIG.toolOutputLimitBytes,
  repeatCallLimit: DEFAULT_CONFIG.repeatCallLimit,
  systemPrompt: '',
};

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
const RAW_TRAFFIC_LIMIT_KEY = 'rawTrafficLimitBytes';
const isPositive = (v: unknown): v is number => isNumber(v) && v > 0;

/** One per tab; keys live in its closure (per endpoint), never in zustand state. Acts on the base URL in Settings. */
export const apiKeyStore = createEndpointKeyStore(db, () => useSettingsStore.getState().baseURL);
const isDefaults = (v: unknown): v is SessionDefaults =>
  typeof v === 'object' && v !== null && 'model' in v && typeof (v as { model: unknown }).model === 'string';

/** The API chosen for new sessions on this endpoint, if any. */
export function chosenApiFormat(d: SessionDefaults, baseURL: string): ApiFormat | undefined {
  return d.apiFormats?.[endpointKey(baseURL)];
}

/** `baseURL`: the endpoint the session will talk to, whose API choice it starts with (none: the session's own stays). */
export function defaultsToSessionSettings(d: SessionDefaults, baseURL?: string): SessionSettings {
  const apiFormat = baseURL === undefined ? undefined : chosenApiFormat(d, baseURL);
  return {
    temperature: d.temperature,
    topP: d.topP,
    maxTurns: d.maxTurns,
    maxToolCallsPerTurn: d.maxToolCallsPerTurn,
    toolTimeoutMs: d.toolTimeoutMs,
    firstByteTimeoutMs: d.firstByteTimeoutMs,
    idleTimeoutMs: d.idleTimeoutMs,
    maxRetries: d.maxRetries,
    toolConcurrency: d.toolConcurrency,
    toolOutputLimitBytes: d.toolOutputLimitBytes,
    // Defaults stored before the guard existed lack it: such sessions get the guard's default.
    repeatCallLimit: d.repeatCallLimit ?? DEFAULT_CONFIG.repeatCallLimit,
    systemPrompt: d.systemPrompt,
    ...(apiFormat ? { apiFormat } : {}),
    ...(d.thinkingBudget !== undefined ? { thinkingBudget: d.thinkingBudget } : {}),
    ...(d.maxOutputTokens !== undefined ? { maxOutputTokens: d.maxOutputTokens } : {}),
    ...(d.cachePrompt ? { cachePrompt: true } : {}),
  };
}

type SettingsState = {
  loaded: boolean;
  baseURL: string;
  hasKey: boolean;
  keyRemembered: boolean;
  defaults: SessionDefaults;
  /** "Raw traffic kept per session (MB)", in bytes: one limit for every session (docs/wire-capture.md, "Kept, bounded"). */
  rawTrafficLimitBytes: number;
  load: () => Promise<void>;
  setBaseURL: (url: string) => Promise<void>;
  setKey: (key: string, remember: boolean) => Promise<void>;
  forgetKey: () => Promise<void>;
  setDefaults: (d: SessionDefaults) => Promise<void>;
  setRawTrafficLimit: (bytes: number) => Promise<void>;
};

export const useSettingsStore = create<SettingsState>()((set) => ({
  loaded: false,
  baseURL: DEFAULT_BASE_URL,
  hasKey: false,
  keyRemembered: false,
  defaults: FALLBACK_DEFAULTS,
  rawTrafficLimitBytes: DEFAULT_RAW_TRAFFIC_LIMIT_BYTES,
  load: async () => {
    const [baseURL, defaults, rawTrafficLimitBytes] = await Promise.all([
      getSetting(db, 'baseURL', isString, DEFAULT_BASE_URL),
      getSetting(db, 'sessionDefaults', isDefaults, FALLBACK_DEFAULTS),
      getSetting(db, RAW_TRAFFIC_LIMIT_KEY, isPositive, DEFAULT_RAW_TRAFFIC_LIMIT_BYTES),
    ]);
    set({ baseURL, rawTrafficLimitBytes });
    // The key is read for the endpoint just loaded: keys belong to endpoints.
    const [key, remembered] = await Promise.all([apiKeyStore.getKey(), apiKeyStore.isRemembered()]);
    set({ loaded: true, defaults: { ...FALLBACK_DEFAULTS, ...defaults }, hasKey: !!key, keyRemembered: remembered });
  },
  setBaseURL: async (baseURL) => {
    set({ baseURL });
    await setSetting(db, 'baseURL', baseURL);
    // Another endpoint, another key (or none): never the previous endpoint's.
    const [key, remembered] = await Promise.all([apiKeyStore.getKey(), apiKeyStore.isRemembered()]);
    set({ hasKey: !!key, keyRemembered: remembered });
  },
  setKey: async (key, remember) => {
    const trimmed = key.trim();
    if (!trimmed) {
      await apiKeyStore.forgetKey();
      set({ hasKey: false, keyRemembered: false });
      return;
    }
    await apiKeyStore.setKey(trimmed, { remember });
    set({ hasKey: true, keyRemembered: remember });
  },
  forgetKey: async () => {
    await apiKeyStore.forgetKey();
    set({ hasKey: false, keyRemembered: false });
  },
  setDefaults: async (defaults) => {
    set({ defaults });
    await setSetting(db, 'sessionDefaults', defaults);
  },
  setRawTrafficLimit: async (rawTrafficLimitBytes) => {
    set({ rawTrafficLimitBytes });
    await setSetting(db, RAW_TRAFFIC_LIMIT_KEY, rawTrafficLimitBytes);
  },
}));
