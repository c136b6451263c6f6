import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type { LoopConfig } from '../domain/loop-config';
import { imageDataUrl } from '../domain/message-images';
import type { AssistantMessage, ChatMessage, MessageImage, ToolMessage } from '../domain/messages';
import type { ModelRequest } from './model-client';
import type { ToolSpec } from './tool-executor';

/**
 * Who reads the messages. A `request` goes to a provider, so it favours what every OpenAI-compatible
 * server accepts; an `export` is a faithful record for other tools, so it keeps what the request drops.
 */
type WirePurpose = 'request' | 'export';

/** History as Chat Completions messages. The system prompt exists on the wire only. */
export function toWireMessages(
  history: readonly ChatMessage[],
  systemPrompt?: string,
  purpose: WirePurpose = 'request',
): ChatCompletionMessageParam[] {
  const out: ChatCompletionMessageParam[] = [];
  if (systemPrompt) out.push({ role: 'system', content: systemPrompt });
  // A `tool` message carries text only, and every result of a turn must follow its assistant message with nothing
  // between: the images of a turn's results go in one user message right after its last result.
  let toolImages: ChatCompletionContentPart[] = [];
  const flushToolImages = () => {
    if (toolImages.length > 0) out.push({ role: 'user', content: toolImages });
    toolImages = [];
  };
  for (const m of history) {
    if (m.role !== 'tool') flushToolImages();
    switch (m.role) {
      case 'system':
        out.push({ role: m.role, content: m.content });
        break;
      case 'user':
        out.push(
          m.images && m.images.length > 0
            ? { role: 'user', content: [{ type: 'text', text: m.content }, ...imageParts(m.images)] }
            : { role: 'user', content: m.content },
        );
        break;
      case 'assistant': {
        const wire = purpose === 'request' ? assistantForRequest(m) : assistantForExport(m);
        if (wire) out.push(wire);
        break;
      }
      case 'tool':
        out.push({ role: 'tool', tool_call_id: m.toolCallId, content: m.content });
        // An export stays a faithful record: no message the history does not have (the losses name the images).
        if (purpose === 'request' && m.images && m.images.length > 0)
          toolImages.push({ type: 'text', text: toolImagesLabel(m) }, ...imageParts(m.images));
        break;
    }
  }
  flushToolImages();
  return out;
}

function imageParts(images: readonly MessageImage[]): ChatCompletionContentPart[] {
  return images.map((image) => ({ type: 'image_url', image_url: { url: imageDataUrl(image) } }));
}

/** Names the call whose output the following images are, since they cannot sit in its own `tool` message. */
function toolImagesLabel(m: Pick<ToolMessage, 'name' | 'toolCallId' | 'images'>): string {
  const n = m.images?.length ?? 0;
  return `${n === 1 ? 'The image below is' : `The ${n} images below are`} output of the tool call ${m.toolCallId} (${m.name}), sent here because a tool message cannot carry images.`;
}

function assistantForRequest(m: AssistantMessage): ChatCompletionAssistantMessageParam | null {
  // A refusal is sent back as text: OpenAI-compatible servers do not all accept `refusal`.
  const content = m.content !== '' ? m.content : (m.refusal ?? '');
  // Providers reject an assistant message with neither content nor tool calls.
  if (content === '' && m.toolCalls.length === 0) return null;
  return { role: 'assistant', content: content === '' ? null : content, ...wireToolCalls(m) };
}

function assistantForExport(m: AssistantMessage): ChatCompletionAssistantMessageParam | null {
  // A partial still being written is not yet part of the conversation.
  if (m.status === 'streaming') return null;
  return {
    role: 'assistant',
    content: m.content === '' && m.toolCalls.length > 0 ? null : m.content,
    ...(m.refusal !== null ? { refusal: m.refusal } : {}),
    ...wireToolCalls(m),
  };
}

function wireToolCalls(m: AssistantMessage): Pick<ChatCompletionAssistantMessageParam, 'tool_calls'> {
  if (m.toolCalls.length === 0) return {};
  return {
    tool_calls: m.toolCalls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    })),
  };
}

export function toWireTools(specs: readonly ToolSpec[]): ChatCompletionTool[] {
  return specs.map((s) => ({
    type: 'function',
    function: { name: s.name, description: s.description, parameters: s.parameters },
  }));
}

export function buildRequest(
  config: LoopConfig,
  messages: ChatCompletionMessageParam[],
  tools: ChatCompletionTool[],
): ModelRequest {
  return {
    model: config.model,
    messages,
    stream: true,
    stream_options: { include_usage: true },
    // Some providers reject an empty tools array.
    ...(tools.length > 0 ? { tools } : {}),
    ...(config.temperature !== null ? { temperature: config.temperature } : {}),
    ...(config.topP !== null ? { top_p: config.topP } : {}),
  };
}
