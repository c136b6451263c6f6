/** The conversation history as Toolscope keeps it. Wire format conversion lives in agent/to-wire.ts. */
import type { Citation, ProviderItem } from './provider-items';
import type { MessageEdit } from './breakpoints';

export type ToolCall = {
  id: string;
  name: string;
  /** The raw arguments string exactly as the model produced it (may be invalid JSON). */
  arguments: string;
};

/** How a tool call ended. `interrupted` is written on recovery after a reload or crash. The one list of them. */
export const TOOL_OUTCOMES = ['ok', 'error', 'timeout', 'cancelled', 'denied', 'interrupted'] as const;
export type ToolOutcome = (typeof TOOL_OUTCOMES)[number];

export function isToolOutcome(value: string): value is ToolOutcome {
  return (TOOL_OUTCOMES as readonly string[]).includes(value);
}

/** How an assistant message ended. `streaming` only exists in storage while a turn is live. */
export const ASSISTANT_STATUSES = ['complete', 'cancelled', 'interrupted', 'length', 'error', 'streaming'] as const;
export type AssistantStatus = (typeof ASSISTANT_STATUSES)[number];

type MessageBase = {
  id: string;
  /** Wall-clock ms when the message was created. */
  createdAt: number;
};

export type SystemMessage = MessageBase & {
  role: 'system';
  content: string;
  /** Marks a summary written by compaction (context/context-manager.ts); absent for ordinary system prompts. */
  summaryOf?: string[];
};

/**
 * An image a message carries to the model, as base64 (architecture.md, "Images to the model"): an attached MCP
 * resource's or an MCP tool result's. `label` names where it came from, for the chat's alt text and the model.
 */
export type MessageImage = { mimeType: string; data: string; label: string };

export type UserMessage = MessageBase & { role: 'user'; content: string; images?: MessageImage[] };

export type AssistantMessage = MessageBase & {
  role: 'assistant';
  content: string;
  reasoning: string;
  refusal: string | null;
  toolCalls: ToolCall[];
  status: AssistantStatus;
  /** Run and turn that produced it, so the chat and the timeline can link to each other. */
  runId: string;
  turn: number;
  /** Responses API output besides text and calls (encrypted reasoning, provider-run tools), in output order. */
  providerItems?: ProviderItem[];
  /** Sources the text cites (Responses API annotations). */
  citations?: Citation[];
  /** The provider's id of the response, for `previous_response_id` when provider storage is on. */
  responseId?: string;
  /** Edits the person made at a pause: its request or its calls' arguments, beside the originals. */
  edits?: MessageEdit[];
  /**
   * The reply exactly as the provider's own format gave it, to send back unchanged (docs/wire-formats.md): Anthropic's
   * content blocks (signed thinking first) or Gemini's parts (each thoughtSignature on its part).
   */
  wireParts?: WireParts;
};

/**
 * A reply's provider-native content, kept verbatim; `model` is the one that signed it (a signature binds to it).
 * `prefixHash`: the format's hash of the body the reply answered, so a later request can tell whether anything before
 * the reply changed (docs/wire-formats.md); absent on replies stored before it was kept, and on copies whose call ids
 * were renamed.
 */
export type WireParts =
  | { format: 'anthropic'; model: string; parts: Record<string, unknown>[]; prefixHash?: string }
  | { format: 'gemini'; model: string; parts: Record<string, unknown>[]; prefixHash?: string };

export type ToolMessage = MessageBase & {
  role: 'tool';
  toolCallId: string;
  name: string;
  content: string;
  isError: boolean;
  outcome: ToolOutcome;
  runId: string;
  turn: number;
  /** Images the tool returned; `content` is its text (architecture.md, "Images to the model"). */
  images?: MessageImage[];
  /** The person edited this result at a pause, or answered the call by hand. */
  edits?: MessageEdit[];
};

export type ChatMessage = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

export type Usage = {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** True when any part was estimated (~4 chars per token) because the provider sent none. */
  estimated: boolean;
  /** Of completionTokens, those spent reasoning; absent when the provider did not say. */
  reasoningTokens?: number;
  /** Of promptTokens, those served from the provider's cache; absent when the provider did not say. */
  cachedTokens?: number;
  /** Of promptTokens, those written to the provider's cache (Anthropic's prompt caching); absent when not said. */
  cacheWriteTokens?: number;
};

export const zeroUsage = (): Usage => ({ promptTokens: 0, completionTokens: 0, totalTokens: 0, estimated: false });

export function addUsage(a: Usage, b: Usage): Usage {
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
    totalTokens: a.totalTokens + b.totalTokens,
    estimated: a.estimated || b.estimated,
    ...optionalSum('reasoningTokens', a.reasoningTokens, b.reasoningTokens),
    ...optionalSum('cachedTokens', a.cachedTokens, b.cachedTokens),
    ...optionalSum('cacheWriteTokens', a.cacheWriteTokens, b.cacheWriteTokens),
  };
}

function optionalSum<K extends 'reasoningTokens' | 'cachedTokens' | 'cacheWriteTokens'>(
  key: K,
  a: number | undefined,
  b: number | undefined,
): Partial<Record<K, number>> {
  if (a === undefined && b === undefined) return {};
  return { [key]: (a ?? 0) + (b ?? 0) } as Partial<Record<K, number>>;
}
