import { useRef, useState, type FormEvent } from 'react';
import { DEFAULT_CONFIG } from '../../domain/loop-config';
import type { SessionRecord } from '../../domain/session';
import { setSessionEndpoint, updateSessionSettings } from '../../store/session/session-actions';
import {
  chosenApiFormat,
  defaultsToSessionSettings,
  useSettingsStore,
  type SessionDefaults,
} from '../../store/settings/settings-store';
import { savedKeyFor } from '../../store/settings/endpoint-door';
import { endpointKey, findProvider } from '../../llm/known-providers';
import { ApiKeyField } from './api-key-field';
import { ApiSelect, remoteUrlProblem, type ApiChoice } from './api-select';
import { defaultApiFormat } from '../../llm/api-format';
import { BaseUrlField } from './base-url-field';
import { LimitsFields } from './limits-fields';
import { ModelField } from './model-field';
import { isModelBaseURL } from './use-models';
import { PRESETS, unknownHostOf } from './provider-presets';
import { StreamTimeoutFields } from './stream-timeout-fields';
import { readTimeouts, timeoutTexts, type StreamTimeoutKey, type StreamTimeoutTexts } from './stream-timeouts';
import { SessionSwitches } from './session-switches';
import { RunKnobFields } from './run-knob-fields';
import { knobTexts, readKnobs, type RunKnobKey, type RunKnobTexts } from './run-knobs';
import { SystemPromptField } from './system-prompt-field';
import { RawTrafficField, rawTrafficText, readRawTraffic } from './raw-traffic-field';
import { ThinkingFields } from './thinking-fields';
import {
  readThinking,
  takesThinking,
  thinkingTexts,
  type ThinkingKey,
  type ThinkingTexts,
  type ThinkingValues,
} from './thinking-settings';
import { TestConnectionButton } from './test-connection-button';
import { TraceSettings } from './trace-settings';
import { ContextLimitField } from '../context/context-limit-field';

type Props = {
  initialKey: string;
  /** The session being edited; its model and limits are its own, and they become the defaults for new sessions. */
  session: SessionRecord | null;
  onDone: () => void;
};

function sessionDraft(session: SessionRecord | null, defaults: SessionDefaults): SessionDefaults {
  if (!session) return defaults;
  const s = session.settings;
  return {
    model: session.model || defaults.model,
    temperature: s.temperature !== undefined ? s.temperature : defaults.temperature,
    topP: s.topP !== undefined ? s.topP : defaults.topP,
    maxTurns: s.maxTurns ?? defaults.maxTurns,
    maxToolCallsPerTurn: s.maxToolCallsPerTurn ?? defaults.maxToolCallsPerTurn,
    toolTimeoutMs: s.toolTimeoutMs ?? defaults.toolTimeoutMs,
    firstByteTimeoutMs: s.firstByteTimeoutMs ?? defaults.firstByteTimeoutMs,
    idleTimeoutMs: s.idleTimeoutMs ?? defaults.idleTimeoutMs,
    maxRetries: s.maxRetries ?? defaults.maxRetries,
    toolConcurrency: s.toolConcurrency ?? defaults.toolConcurrency,
    toolOutputLimitBytes: s.toolOutputLimitBytes ?? defaults.toolOutputLimitBytes,
    repeatCallLimit: s.repeatCallLimit ?? defaults.repeatCallLimit ?? DEFAULT_CONFIG.repeatCallLimit,
    systemPrompt: s.systemPrompt ?? defaults.systemPrompt,
    // A session's own: absent means not sent, whatever new sessions get.
    ...(s.thinkingBudget !== undefined ? { thinkingBudget: s.thinkingBudget } : {}),
    ...(s.maxOutputTokens !== undefined ? { maxOutputTokens: s.maxOutputTokens } : {}),
    ...(s.cachePrompt ? { cachePrompt: true } : {}),
  };
}

/** A session's own API choice; with no session, the choice made for new sessions on this endpoint. */
function apiChoiceOf(session: SessionRecord | null, defaults: SessionDefaults, baseURL: string): ApiChoice {
  const s = session?.settings;
  const apiFormat = session ? s?.apiFormat : chosenApiFormat(defaults, baseURL);
  return {
    ...(apiFormat ? { apiFormat } : {}),
    ...(s?.providerTools ? { providerTools: s.providerTools } : {}),
    ...(s?.providerStorage !== undefined ? { providerStorage: s.providerStorage } : {}),
    ...(s?.remoteMcpUrl ? { remoteMcpUrl: s.remoteMcpUrl } : {}),
    ...(s?.vectorStoreId ? { vectorStoreId: s.vectorStoreId } : {}),
  };
}

export function SettingsForm({ initialKey, session, onDone }: Props) {
  const settings = useSettingsStore();
  const [key, setKey] = useState(initialKey);
  const [remember, setRemember] = useState(settings.keyRemembered);
  const [baseURL, setBaseURL] = useState(settings.baseURL);
  const [draft, setDraft] = useState<SessionDefaults>(() => sessionDraft(session, settings.defaults));
  const [saving, setSaving] = useState(false);
  const [contextLimit, setContextLimit] = useState<number | undefined>(session?.settings.contextLimit);
  const [api, setApi] = useState<ApiChoice>(() => apiChoiceOf(session, settings.defaults, settings.baseURL));
  const format = api.apiFormat ?? defaultApiFormat(baseURL);
  // For new sessions the API is chosen per endpoint: another base URL shows that endpoint's choice.
  const [shownKey, setShownKey] = useState(initialKey);
  // Which endpoint's stored key was asked for last, and whether the person typed a key since: a preset then a base
  // URL ask twice, and the first answer may come last (it wiped a key typed meanwhile, even one equal to the old).
  const keyLookup = useRef(0);
  const keyTyped = useRef(false);
  const typeKey = (value: string) => {
    keyTyped.current = true;
    setKey(value);
  };
  const changeBaseURL = (url: string) => {
    setBaseURL(url);
    // The key field follows the endpoint (its stored key, or empty) unless the person has typed one.
    if (key === shownKey) {
      const asked = ++keyLookup.current;
      keyTyped.current = false;
      void savedKeyFor(url).then((k) => {
        if (asked !== keyLookup.current || keyTyped.current) return;
        setKey(k);
        setShownKey(k);
      });
    }
    if (!session) {
      const { apiFormat: _old, ...rest } = api;
      const chosen = chosenApiFormat(settings.defaults, url);
      // Anthropic Messages or Gemini (its preset's, or picked) stays on a URL that is no provider's own: a proxy or a
      // gateway in front of Claude or Gemini speaks their format. Another endpoint's own choice or preset wins.
      const kept = takesThinking(format) && findProvider(url) === null;
      setApi(chosen ? { ...rest, apiFormat: chosen } : kept ? { ...rest, apiFormat: format } : rest);
    } else {
      // A session keeps its API, except across Anthropic's or Google's own endpoint: neither speaks another's format.
      const preset = findProvider(url);
      if (preset && preset.apiFormat !== format && (takesThinking(preset.apiFormat) || takesThinking(format)))
        setApi({ ...api, apiFormat: preset.apiFormat });
    }
  };
  const [switches, setSwitches] = useState(() => ({
    toolsEnabled: session?.settings.toolsEnabled !== false,
    memoryEnabled: session?.settings.memoryEnabled !== false,
  }));
  const [timeouts, setTimeouts] = useState<StreamTimeoutTexts>(() => timeoutTexts(draft));
  const [knobs, setKnobs] = useState<RunKnobTexts>(() => knobTexts(draft));
  const [thinking, setThinking] = useState<ThinkingTexts>(() => thinkingTexts(draft));
  const [rawTraffic, setRawTraffic] = useState(() => rawTrafficText(settings.rawTrafficLimitBytes));
  const rawTrafficInput = useRef<HTMLInputElement | null>(null);

  const baseURLInput = useRef<HTMLInputElement>(null);
  const timeoutInputs = useRef(new Map<StreamTimeoutKey, HTMLInputElement>());
  const knobInputs = useRef(new Map<RunKnobKey, HTMLInputElement>());
  const thinkingInputs = useRef(new Map<ThinkingKey, HTMLInputElement>());

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // Saved, a bad base URL failed every message later as 'network connection lost'; the field says why.
    if (!isModelBaseURL(baseURL)) {
      baseURLInput.current?.focus();
      return;
    }
    const timed = readTimeouts(timeouts);
    if (!timed.ok) {
      timeoutInputs.current.get(timed.key)?.focus();
      return;
    }
    // A remote MCP address the provider could not call is not saved; its field says why.
    if (remoteUrlProblem(api.remoteMcpUrl ?? '') !== null) return;
    const knobbed = readKnobs(knobs);
    if (!knobbed.ok) {
      knobInputs.current.get(knobbed.key)?.focus();
      return;
    }
    const rawTrafficLimit = readRawTraffic(rawTraffic);
    if (rawTrafficLimit === null) {
      rawTrafficInput.current?.focus();
      return;
    }
    // Shown only for Anthropic Messages and Gemini; for another API they stay as they were.
    const { thinkingBudget: _b, maxOutputTokens: _o, cachePrompt: _c, ...base } = draft;
    let thought: ThinkingValues = { thinkingBudget: _b, maxOutputTokens: _o, cachePrompt: _c };
    if (takesThinking(format)) {
      const read = readThinking(thinking, format);
      if (!read.ok) {
        thinkingInputs.current.get(read.key)?.focus();
        return;
      }
      thought = read.values;
    }
    const next = { ...base, ...timed.values, ...knobbed.values, ...definedOnly(thought) };
    setSaving(true);
    try {
      // The base URL first: the key is saved for the endpoint it belongs to (architecture.md, "Keys belong to endpoints").
      await settings.setBaseURL(baseURL.trim());
      await settings.setKey(key, remember);
      const apiFormats = {
        ...settings.defaults.apiFormats,
        ...(api.apiFormat ? { [endpointKey(baseURL)]: api.apiFormat } : {}),
      };
      await settings.setDefaults({ ...next, apiFormats });
      await settings.setRawTrafficLimit(rawTrafficLimit);
      if (session) {
        // A cleared provider-tool field must not leave the old value behind.
        const {
          remoteMcpUrl: _m,
          vectorStoreId: _v,
          thinkingBudget: _tb,
          maxOutputTokens: _mo,
          cachePrompt: _cp,
          ...kept
        } = session.settings;
        await updateSessionSettings(session.id, {
          model: next.model.trim(),
          settings: { ...kept, ...defaultsToSessionSettings(next), contextLimit, ...api, ...switches },
        });
        // Changing the base URL with this session open moves this session there (architecture.md, "Sessions keep their endpoint").
        if (session.endpoint) await setSessionEndpoint(session.id, { baseURL: baseURL.trim() });
      }
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)}>
      <h2>Settings</h2>
      <h3>Connection</h3>
      <ApiKeyField
        value={key}
        remember={remember}
        onChange={typeKey}
        onRememberChange={setRemember}
        onForget={() => {
          setKey('');
          setRemember(false);
          void settings.forgetKey();
        }}
        autoFocus={initialKey === ''}
      />
      <BaseUrlField
        value={baseURL}
        onChange={changeBaseURL}
        presets={PRESETS}
        unknownHost={unknownHostOf(baseURL)}
        inputRef={baseURLInput}
      />
      {/* Right under what it tests, in Connection, above anything that loads (the model list) and could move it. */}
      <TestConnectionButton apiKey={key} baseURL={baseURL} model={draft.model} apiFormat={format} />
      <h3>{session ? `Model and limits for “${session.title}”` : 'Model and limits for new sessions'}</h3>
      <ModelField
        value={draft.model}
        onChange={(model) => setDraft({ ...draft, model })}
        baseURL={baseURL}
        apiKey={key}
        apiFormat={format}
      />
      <ApiSelect value={api} baseURL={baseURL} onChange={setApi} />
      {takesThinking(format) && (
        <ThinkingFields
          format={format}
          texts={thinking}
          onChange={setThinking}
          inputRef={(k, input) => {
            if (input) thinkingInputs.current.set(k, input);
            else thinkingInputs.current.delete(k);
          }}
        />
      )}
      <LimitsFields value={draft} onChange={setDraft}>
        <StreamTimeoutFields
          texts={timeouts}
          onChange={setTimeouts}
          inputRef={(k, input) => {
            if (input) timeoutInputs.current.set(k, input);
            else timeoutInputs.current.delete(k);
          }}
        />
        <RunKnobFields
          texts={knobs}
          onChange={setKnobs}
          inputRef={(k, input) => {
            if (input) knobInputs.current.set(k, input);
            else knobInputs.current.delete(k);
          }}
        />
      </LimitsFields>
      {session && <SessionSwitches value={switches} onChange={setSwitches} />}
      {session && <ContextLimitField model={draft.model} value={contextLimit} onChange={setContextLimit} />}
      <SystemPromptField value={draft.systemPrompt} onChange={(systemPrompt) => setDraft({ ...draft, systemPrompt })} />
      <RawTrafficField
        text={rawTraffic}
        onChange={setRawTraffic}
        inputRef={(input) => (rawTrafficInput.current = input)}
      />
      <TraceSettings model={draft.model} />
      <p className="hint">
        {session ? 'These also become the defaults for new sessions.' : 'Each session keeps its own copy.'}
      </p>
      <div className="dialog-actions">
        <button type="button" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={saving}>
          Save
        </button>
      </div>
    </form>
  );
}

/** The settings that are set, so a cleared one leaves no key behind. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== false)) as Partial<T>;
}
