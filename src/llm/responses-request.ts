import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type {
  ResponseCreateParamsStreaming,
  ResponseInputImage,
  ResponseInputItem,
  Tool,
} from 'openai/resources/responses/responses';
import { imageDataUrl } from '../domain/message-images';
import type { Conversation, ModelRequest } from '../agent/model-client';
import type { AssistantMessage, ChatMessage, MessageImage } from '../domain/messages';
import type { ProviderItem } from '../domain/provider-items';
import type { WireSettings } from './api-format';
import { providerTools } from './provider-tools';

// Reasoning summaries are requested only from models that reason; others reject the `reasoning` options.
const REASONING_MODEL = /^(o\d|gpt-5|codex|gpt-oss)/i;

/**
 * The Responses API body for one request, built from the same history as the Chat Completions body.
 * Stateless unless the person opted into provider storage: `store: false`, encrypted reasoning asked
 * for and sent back with the next request, so reasoning survives tool calls with nothing kept by the provider.
 */
export function buildResponsesRequest(
  chat: ModelRequest,
  conversation: Conversation | undefined,
  wire: WireSettings,
): ResponseCreateParamsStreaming {
  const { instructions, input, previousResponseId } = conversation
    ? fromConversation(conversation, wire)
    : fromChatMessages(chat.messages);
  const tools: Tool[] = [
    ...(conversation?.tools ?? []).map(
      (t): Tool => ({
        type: 'function',
        name: t.name,
        description: t.description,
        parameters: t.parameters,
        strict: false,
      }),
    ),
    ...providerTools(wire),
  ];
  return {
    model: chat.model,
    input,
    stream: true,
    store: wire.providerStorage,
    ...(wire.providerStorage ? {} : { include: ['reasoning.encrypted_content'] }),
    ...(instructions ? { instructions } : {}),
    ...(previousResponseId ? { previous_response_id: previousResponseId } : {}),
    ...(tools.length > 0 ? { tools } : {}),
    ...(REASONING_MODEL.test(chat.model) ? { reasoning: { summary: 'auto' } } : {}),
    ...(typeof chat.temperature === 'number' ? { temperature: chat.temperature } : {}),
    ...(typeof chat.top_p === 'number' ? { top_p: chat.top_p } : {}),
  };
}

type Built = { instructions: string | undefined; input: ResponseInputItem[]; previousResponseId?: string };

function fromConversation(conversation: Conversation, wire: WireSettings): Built {
  let messages: readonly ChatMessage[] = conversation.messages;
  let previousResponseId: string | undefined;
  if (wire.providerStorage) {
    // With provider storage the provider already holds everything up to its last response: send only what came after.
    const last = findLastIndex(
      messages,
      (m) => m.role === 'assistant' && m.status === 'complete' && m.responseId !== undefined,
    );
    const anchor = last >= 0 ? messages[last] : undefined;
    if (anchor && anchor.role === 'assistant' && anchor.responseId !== undefined) {
      previousResponseId = anchor.responseId;
      messages = messages.slice(last + 1);
    }
  }
  const input: ResponseInputItem[] = [];
  for (const m of messages) {
    switch (m.role) {
      case 'system':
        input.push({ role: 'system', content: m.content });
        break;
      case 'user':
        input.push(
          m.images && m.images.length > 0
            ? { role: 'user', content: [{ type: 'input_text', text: m.content }, ...inputImages(m.images)] }
            : { role: 'user', content: m.content },
        );
        break;
      case 'assistant':
        assistantItems(m, wire, input);
        break;
      case 'tool':
        // Unlike a Chat Completions tool message, a function call's output may hold images beside its text.
        input.push({
          type: 'function_call_output',
          call_id: m.toolCallId,
          output:
            m.images && m.images.length > 0
              ? [{ type: 'input_text', text: m.content }, ...inputImages(m.images)]
              : m.content,
        });
        break;
    }
  }
  return { instructions: conversation.systemPrompt, input, ...(previousResponseId ? { previousResponseId } : {}) };
}

function inputImages(images: readonly MessageImage[]): ResponseInputImage[] {
  return images.map((image) => ({ type: 'input_image', detail: 'auto', image_url: imageDataUrl(image) }));
}

function assistantItems(m: AssistantMessage, wire: WireSettings, out: ResponseInputItem[]): void {
  // A partial still being written is not yet part of the conversation.
  if (m.status === 'streaming') return;
  const items = m.providerItems ?? [];
  // Reasoning is only valid together with the output it led to, so a stopped reply sends none back.
  const whole = m.status === 'complete' || m.status === 'length';
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (!item) continue;
    if (item.kind === 'reasoning') {
      if (whole && !wire.providerStorage && item.encryptedContent !== null && !ledToProviderTool(items, i)) {
        out.push({
          type: 'reasoning',
          id: item.id,
          summary: item.summary.map((text) => ({ type: 'summary_text', text })),
          encrypted_content: item.encryptedContent,
        });
      }
    } else if (item.kind === 'compaction') {
      out.push({ type: 'compaction', id: item.id, encrypted_content: item.encryptedContent });
    }
    // Provider-run tool items stay out: their results are already in the answer text, and in stateless
    // mode the provider keeps no record of them to refer back to.
  }
  const text = m.content !== '' ? m.content : (m.refusal ?? '');
  if (text !== '') out.push({ role: 'assistant', content: text });
  for (const c of m.toolCalls) out.push({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.arguments });
}

/** A reasoning item followed by a provider-run tool call cannot be sent back without that call, which is not sent. */
function ledToProviderTool(items: readonly ProviderItem[], i: number): boolean {
  return items[i + 1]?.kind === 'provider_tool';
}

/** A one-off request (a summary) carries only Chat Completions messages: system text becomes the instructions. */
function fromChatMessages(messages: readonly ChatCompletionMessageParam[]): Built {
  const instructions: string[] = [];
  const input: ResponseInputItem[] = [];
  for (const m of messages) {
    const text =
      typeof m.content === 'string'
        ? m.content
        : Array.isArray(m.content)
          ? m.content.map((p) => ('text' in p ? p.text : '')).join('')
          : '';
    if (m.role === 'system' || m.role === 'developer') instructions.push(text);
    else if (m.role === 'user' || m.role === 'assistant') input.push({ role: m.role, content: text });
  }
  return { instructions: instructions.length > 0 ? instructions.join('\n\n') : undefined, input };
}

function findLastIndex<T>(list: readonly T[], test: (t: T) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) {
    const item = list[i];
    if (item !== undefined && test(item)) return i;
  }
  return -1;
}
