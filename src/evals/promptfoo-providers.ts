import { toWireMessages } from '../agent/to-wire';
import type { EvalCaseRecord, FrozenTool } from '../domain/eval-case';
import type { ApiFormat } from '../domain/session';
import type { WireSettings } from '../llm/api-format';
import { buildMessagesBody } from '../llm/wire/anthropic/messages-body';
import { buildGeminiBody } from '../llm/wire/gemini/generate-body';
import type { YamlValue } from './yaml-text';

/**
 * promptfoo's provider for each API an endpoint speaks (docs/evals.md, "The promptfoo export"): Chat Completions and
 * Responses as its OpenAI chat provider, Anthropic Messages as its Anthropic Messages provider, Gemini as its Google
 * AI Studio provider. Ids, config keys and key variables are promptfoo 0.123.1's own (its providers' source). Each
 * family gets the case's frozen request in its own message format, since promptfoo passes the prompt through as-is.
 */
export type PromptfooFamily = 'openai' | 'anthropic' | 'google';

/** A model the export runs on: its endpoint, the API it speaks, and the endpoint's thinking budget and output limit. */
export type PromptfooTarget = {
  model: string;
  baseURL: string;
  /** Absent: Chat Completions. */
  format?: ApiFormat;
  thinkingBudget?: number;
  maxOutputTokens?: number;
};

/** A model on an endpoint spoken to with `wire` (the endpoint door's `endpointWire`), as the export's target. */
export function promptfooTarget(
  model: string,
  baseURL: string,
  wire: Pick<WireSettings, 'format' | 'thinkingBudget' | 'maxOutputTokens'>,
): PromptfooTarget {
  return {
    model,
    baseURL,
    format: wire.format,
    ...(wire.thinkingBudget !== undefined ? { thinkingBudget: wire.thinkingBudget } : {}),
    ...(wire.maxOutputTokens !== undefined ? { maxOutputTokens: wire.maxOutputTokens } : {}),
  };
}

/** The environment variable each provider reads its key from: ours for the OpenAI one, promptfoo's own for the others. */
export const PROMPTFOO_KEY_VARS: Readonly<Record<PromptfooFamily, string>> = {
  openai: 'TOOLSCOPE_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  google: 'GOOGLE_API_KEY',
};

/** The base URLs promptfoo's Anthropic and Google providers use when their config names none. */
const DEFAULT_BASES: Readonly<Record<Exclude<PromptfooFamily, 'openai'>, string>> = {
  anthropic: 'https://api.anthropic.com',
  google: 'https://generativelanguage.googleapis.com',
};

export function familyOf(format: ApiFormat | undefined): PromptfooFamily {
  return format === 'anthropic' ? 'anthropic' : format === 'gemini' ? 'google' : 'openai';
}

/**
 * promptfoo's Anthropic client appends `/v1/messages` and its Google provider `/v1beta/models/…` to the base, so the
 * API version a pasted base URL ends with is dropped.
 */
function bareBase(family: Exclude<PromptfooFamily, 'openai'>, baseURL: string): string {
  const trimmed = baseURL.trim().replace(/\/+$/, '');
  return family === 'anthropic' ? trimmed.replace(/\/v1$/, '') : trimmed.replace(/\/v1beta(\/openai)?$/, '');
}

/** One provider entry; a non-default base URL only when the endpoint is not the provider's own. */
export function providerEntry(t: PromptfooTarget): Record<string, YamlValue> {
  const family = familyOf(t.format);
  if (family === 'openai')
    return {
      id: `openai:chat:${t.model}`,
      label: t.model,
      config: { apiBaseUrl: t.baseURL, apiKeyEnvar: PROMPTFOO_KEY_VARS.openai },
    };
  const base = bareBase(family, t.baseURL);
  const apiBaseUrl = base === DEFAULT_BASES[family] ? {} : { apiBaseUrl: base };
  if (family === 'anthropic')
    return {
      id: `anthropic:messages:${t.model}`,
      label: t.model,
      config: {
        ...apiBaseUrl,
        ...(t.maxOutputTokens !== undefined ? { max_tokens: t.maxOutputTokens } : {}),
        ...(t.thinkingBudget !== undefined ? { thinking: { type: 'enabled', budget_tokens: t.thinkingBudget } } : {}),
      },
    };
  return {
    id: `google:${t.model}`,
    label: t.model,
    config: {
      ...apiBaseUrl,
      ...(t.maxOutputTokens !== undefined ? { maxOutputTokens: t.maxOutputTokens } : {}),
      ...(t.thinkingBudget !== undefined
        ? { generationConfig: { thinkingConfig: { thinkingBudget: t.thinkingBudget } } }
        : {}),
    },
  };
}

/** The test variable holding a case's frozen request in a family's message format. */
export const PROMPT_VAR: Readonly<Record<PromptfooFamily, string>> = {
  openai: 'messages',
  anthropic: 'anthropic_messages',
  google: 'gemini_request',
};

const conversationOf = (c: EvalCaseRecord) => ({
  messages: c.request.messages,
  tools: c.request.tools,
  ...(c.request.systemPrompt !== undefined ? { systemPrompt: c.request.systemPrompt } : {}),
});

/**
 * The frozen messages as the family's prompt: a Chat Completions list; Anthropic's messages after a system entry
 * (promptfoo lifts a `system` role entry to the top-level field); Gemini's `contents` with `system_instruction`.
 */
export function promptValue(family: PromptfooFamily, c: EvalCaseRecord): YamlValue {
  if (family === 'openai') return toWireMessages(c.request.messages, c.request.systemPrompt) as unknown as YamlValue;
  if (family === 'anthropic') {
    const { body } = buildMessagesBody(conversationOf(c), { model: c.request.model });
    const system = body.system !== undefined ? [{ role: 'system', content: body.system }] : [];
    return [...system, ...body.messages] as unknown as YamlValue;
  }
  const { body } = buildGeminiBody(conversationOf(c), { model: c.request.model });
  return {
    ...(body.systemInstruction ? { system_instruction: body.systemInstruction } : {}),
    contents: body.contents,
  } as unknown as YamlValue;
}

/** Each case's own request settings as its prompt's config, under the family's names (promptfoo merges it in). */
export function requestConfig(family: PromptfooFamily, c: EvalCaseRecord): Record<string, YamlValue> {
  const r = c.request;
  const temperature: Record<string, YamlValue> = r.temperature !== undefined ? { temperature: r.temperature } : {};
  const maxTokens = r.maxOutputTokens;
  if (family === 'openai')
    return {
      ...temperature,
      ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
      ...(r.tools.length > 0 ? { tools: r.tools.map(chatTool) } : {}),
    };
  // The tools as the format's own body builder writes them.
  const tools =
    family === 'anthropic'
      ? buildMessagesBody(conversationOf(c), { model: r.model }).body.tools
      : buildGeminiBody(conversationOf(c), { model: r.model }).body.tools;
  return {
    ...temperature,
    ...(maxTokens !== undefined ? { [family === 'anthropic' ? 'max_tokens' : 'maxOutputTokens']: maxTokens } : {}),
    ...(tools ? { tools: tools as unknown as YamlValue } : {}),
  };
}

const chatTool = (tool: FrozenTool): YamlValue => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters as YamlValue },
});
