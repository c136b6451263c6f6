import type { Conversation } from '../../../agent/model-client';
import { canonicalJson } from '../../../domain/call-identity';
import { isRecord } from '../../../domain/is-record';
import type { AssistantMessage, ChatMessage, MessageImage, ToolMessage } from '../../../domain/messages';
import type { LeftOutNote } from '../../../domain/left-out-note';
import { prefixHash, prefixHasher } from '../prefix-hash';

/**
 * `max_tokens` when the person set none. Anthropic requires the field; 4096 is the largest output every Claude model
 * accepts (the Claude 3 models' limit in Anthropic's models overview), so no model refuses it. With a thinking budget
 * and no max set, the budget is added on top, since `budget_tokens` must stay below `max_tokens`.
 */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

/** What the person set for this request; anything absent is not sent (docs/wire-formats.md, "Anthropic Messages requests"). */
export type AnthropicSettings = {
  readonly model: string;
  readonly maxOutputTokens?: number;
  /** `thinking.budget_tokens`; extended thinking is on only when this is set. */
  readonly thinkingBudget?: number;
  /** Adds `cache_control` breakpoints: the last system block and the last block of the last message. */
  readonly cachePrompt?: boolean;
  readonly temperature?: number;
  readonly topP?: number;
};

type Block = Record<string, unknown> & { type: string };
type CacheControl = { type: 'ephemeral' };
type SystemBlock = { type: 'text'; text: string; cache_control?: CacheControl };
type AnthropicMessage = { role: 'user' | 'assistant'; content: Block[] };
type AnthropicTool = { name: string; description?: string; input_schema: Record<string, unknown> };

export type AnthropicMessagesBody = {
  model: string;
  max_tokens: number;
  system?: string | SystemBlock[];
  messages: AnthropicMessage[];
  tools?: AnthropicTool[];
  thinking?: { type: 'enabled'; budget_tokens: number };
  temperature?: number;
  top_p?: number;
  stream: true;
};

const EPHEMERAL: CacheControl = { type: 'ephemeral' };
const SYSTEM_JOIN = '\n\n';
const SIGNED = new Set(['thinking', 'redacted_thinking']);

/**
 * The Anthropic Messages body for one request, from the conversation as the domain holds it. An assistant reply goes
 * back as the content blocks it arrived as (`wireParts`, signed thinking first and unchanged) when the same model
 * signed it and nothing before it changed; otherwise it is rebuilt from its text and calls without thinking, which
 * Anthropic accepts, and a note says so. See docs/wire-formats.md, "Anthropic Messages requests".
 */
export function buildMessagesBody(
  conversation: Conversation,
  settings: AnthropicSettings,
): { body: AnthropicMessagesBody; leftOut: LeftOutNote[] } {
  const leftOut: LeftOutNote[] = [];
  const systemTexts = [conversation.systemPrompt ?? '', ...summaries(conversation.messages)].filter((t) => t !== '');
  const tools = conversation.tools.map(
    (t): AnthropicTool => ({
      name: t.name,
      ...(t.description !== '' ? { description: t.description } : {}),
      input_schema: t.parameters,
    }),
  );
  const messages: AnthropicMessage[] = [];
  const hashed = prefixHasher(prefixHead(systemTexts, tools), hashedMessage);
  const history = conversation.messages;
  for (let i = 0; i < history.length; i++) {
    const m = history[i];
    if (!m) continue;
    switch (m.role) {
      case 'system':
        break;
      case 'user':
        push(messages, 'user', [...textBlock(m.content), ...imageBlocks(m.images)]);
        break;
      case 'tool':
        push(messages, 'user', [toolResult(m)]);
        break;
      case 'assistant': {
        if (m.status === 'streaming') break;
        const prefix = () => hashed(messages);
        const verbatim = verbatimBlocks(m, settings.model, history.slice(0, i), prefix);
        if (verbatim.blocks) push(messages, 'assistant', verbatim.blocks);
        else {
          push(messages, 'assistant', rebuiltBlocks(m));
          leftOut.push(...fallbackNotes(m, verbatim.why));
        }
        break;
      }
    }
  }

  const thinking = thinkingFor(settings, messages, leftOut);
  const sampling = samplingFor(settings, thinking !== undefined, leftOut);
  const cache = settings.cachePrompt === true;
  if (cache) markLastBlock(messages);
  const body: AnthropicMessagesBody = {
    model: settings.model,
    max_tokens:
      settings.maxOutputTokens ??
      (thinking ? thinking.budget_tokens + DEFAULT_MAX_OUTPUT_TOKENS : DEFAULT_MAX_OUTPUT_TOKENS),
    ...(systemTexts.length > 0 ? { system: systemField(systemTexts, cache) } : {}),
    messages,
    ...(tools.length > 0 ? { tools } : {}),
    ...(thinking ? { thinking } : {}),
    ...sampling,
    stream: true,
  };
  return { body, leftOut };
}

/**
 * What a reply answered: the system text, the tools and the messages before it, as canonical JSON, without cache
 * breakpoints (they move every turn), the system text as one string however it was split into blocks. Recorded with
 * the reply's blocks (`prefixHash`, from the body that was sent), it lets a later request tell whether anything before
 * the reply changed.
 */
export function anthropicPrefixHash(prefix: {
  system?: readonly string[] | string | readonly SystemBlock[];
  tools?: readonly AnthropicTool[];
  messages: readonly AnthropicMessage[];
}): string {
  const system = prefix.system === undefined ? [] : typeof prefix.system === 'string' ? [prefix.system] : prefix.system;
  return prefixHash(prefixHead(system, prefix.tools ?? []), prefix.messages, hashedMessage);
}

/** The system text as one string however it was split into blocks (the body joins the texts without "Cache the
 * prompt" and sends them as blocks with it, `systemField`), and the tools. */
function prefixHead(system: readonly (string | SystemBlock)[], tools: readonly AnthropicTool[]) {
  return { system: system.map((s) => (typeof s === 'string' ? s : s.text)).join(SYSTEM_JOIN), tools };
}

const hashedMessage = (m: AnthropicMessage) => ({ role: m.role, content: m.content.map(withoutCache) });

/** Compaction summaries: Anthropic has no system role inside `messages`, so they join the top-level system text. */
function summaries(history: readonly ChatMessage[]): string[] {
  return history.flatMap((m) => (m.role === 'system' ? [m.content] : []));
}

/** Consecutive turns of one role become one: tool results and a following user text share a user turn. */
function push(messages: AnthropicMessage[], role: AnthropicMessage['role'], blocks: Block[]): void {
  if (blocks.length === 0) return;
  const last = messages[messages.length - 1];
  if (last && last.role === role) last.content.push(...blocks);
  else messages.push({ role, content: blocks });
}

/** Anthropic refuses an empty text block. */
function textBlock(text: string): Block[] {
  return text === '' ? [] : [{ type: 'text', text }];
}

function imageBlocks(images: readonly MessageImage[] | undefined): Block[] {
  return (images ?? []).map((image) => ({
    type: 'image',
    // The domain checked the type (domain/message-images.ts); Anthropic names JPEG only as image/jpeg.
    source: { type: 'base64', media_type: image.mimeType.replace(/^image\/jpg$/i, 'image/jpeg'), data: image.data },
  }));
}

function toolResult(m: ToolMessage): Block {
  const content = [...textBlock(m.content), ...imageBlocks(m.images)];
  return {
    type: 'tool_result',
    tool_use_id: m.toolCallId,
    // A text-only result goes as a string, as Anthropic's own examples send it; an empty one carries no content.
    ...(content.length === 0 ? {} : m.images && m.images.length > 0 ? { content } : { content: m.content }),
    is_error: m.isError,
  };
}

/**
 * The stored blocks when they may go back unchanged, else why not. A signature binds the thinking to the model that
 * wrote it and to what came before. What came before is checked by the recorded hash when there is one; without it, a
 * message before the reply made after it (a compaction summary, a fork's edit) shows the prefix changed.
 */
function verbatimBlocks(
  m: AssistantMessage,
  model: string,
  before: readonly ChatMessage[],
  prefixHash: () => string,
): { blocks: Block[]; why?: undefined } | { blocks: null; why: string } {
  const parts = m.wireParts;
  if (!parts || parts.format !== 'anthropic') return { blocks: null, why: 'it was not written through this API' };
  if (!sameModel(parts.model, model)) return { blocks: null, why: `it was written by ${parts.model}, not ${model}` };
  if (m.status !== 'complete' && m.status !== 'length') return { blocks: null, why: 'the reply did not finish' };
  if ((m.edits && m.edits.length > 0) || !sameContent(parts.parts, m))
    return { blocks: null, why: 'it was edited after it arrived' };
  const changed =
    parts.prefixHash !== undefined ? parts.prefixHash !== prefixHash() : before.some((b) => b.createdAt > m.createdAt);
  if (changed) return { blocks: null, why: 'the conversation before it changed after it was written' };
  const blocks: Block[] = [];
  for (const part of parts.parts) {
    if (typeof part.type !== 'string') continue;
    if (part.type === 'text' && part.text === '') continue;
    if (part.type === 'thinking' && (typeof part.signature !== 'string' || part.signature === ''))
      return { blocks: null, why: 'its thinking arrived without a signature' };
    blocks.push(part as Block);
  }
  return { blocks };
}

/** Whether the blocks still say what the message says: its text, and its calls with their arguments, in order. */
function sameContent(parts: readonly Record<string, unknown>[], m: AssistantMessage): boolean {
  const text = parts.flatMap((p) => (p.type === 'text' && typeof p.text === 'string' ? [p.text] : [])).join('');
  const calls = parts
    .filter((p) => p.type === 'tool_use')
    .map((p) => `${String(p.id)}\u0000${String(p.name)}\u0000${canonicalJson(isRecord(p.input) ? p.input : {})}`);
  const expected = m.toolCalls.map((c) => `${c.id}\u0000${c.name}\u0000${canonicalJson(inputOf(c.arguments))}`);
  return text === m.content && calls.join('\n') === expected.join('\n');
}

/** A dated id and its alias name one model (`claude-sonnet-4-5-20250929`, `claude-sonnet-4-5`, `-latest`). */
function sameModel(a: string, b: string): boolean {
  const bare = (s: string) => s.replace(/-(\d{8}|latest)$/, '');
  return a === b || bare(a) === bare(b);
}

function rebuiltBlocks(m: AssistantMessage): Block[] {
  const text = m.content !== '' ? m.content : (m.refusal ?? '');
  return [
    ...textBlock(text),
    ...m.toolCalls.map((c): Block => ({ type: 'tool_use', id: c.id, name: c.name, input: inputOf(c.arguments) })),
  ];
}

/** `tool_use.input` must be an object; arguments that are not one go as `{}` (the tool result says they were bad). */
function inputOf(args: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(args);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function fallbackNotes(m: AssistantMessage, why: string): LeftOutNote[] {
  const notes: LeftOutNote[] = [];
  const parts = m.wireParts?.parts ?? [];
  const hadThinking = m.reasoning !== '' || parts.some((p) => typeof p.type === 'string' && SIGNED.has(p.type));
  if (hadThinking) notes.push({ messageId: m.id, what: 'signed_thinking', why: `Its thinking was left out: ${why}.` });
  const serverBlocks = parts.filter((p) => typeof p.type === 'string' && /server_tool_use|_tool_result$/.test(p.type));
  if (serverBlocks.length > 0 || (m.providerItems ?? []).some((p) => p.kind === 'provider_tool'))
    notes.push({
      messageId: m.id,
      what: 'provider_tool',
      why: `Its provider-run tool calls were left out (${why}); their results are in its text.`,
    });
  return notes;
}

/**
 * Thinking is on only with a budget. In a tool loop Anthropic wants the assistant turn being answered to start with
 * its thinking block; when it cannot (its thinking was left out, or it had none) the request goes without thinking.
 */
function thinkingFor(
  settings: AnthropicSettings,
  messages: readonly AnthropicMessage[],
  leftOut: LeftOutNote[],
): AnthropicMessagesBody['thinking'] {
  if (settings.thinkingBudget === undefined) return undefined;
  const last = messages[messages.length - 1];
  const answered = messages[messages.length - 2];
  const inToolLoop =
    last?.role === 'user' &&
    last.content.some((b) => b.type === 'tool_result') &&
    answered?.role === 'assistant' &&
    answered.content.some((b) => b.type === 'tool_use');
  if (inToolLoop && !SIGNED.has(answered.content[0]?.type ?? '')) {
    leftOut.push({
      what: 'thinking',
      why:
        'Thinking was off for this request: the reply it continues has no signed thinking to send back first, ' +
        'which Anthropic requires in a tool loop with thinking on.',
    });
    return undefined;
  }
  return { type: 'enabled', budget_tokens: settings.thinkingBudget };
}

/** Only what the person set; Anthropic refuses temperature and top_p other than the defaults while thinking. */
function samplingFor(
  settings: AnthropicSettings,
  thinking: boolean,
  leftOut: LeftOutNote[],
): Pick<AnthropicMessagesBody, 'temperature' | 'top_p'> {
  const set = settings.temperature !== undefined || settings.topP !== undefined;
  if (thinking && set) {
    leftOut.push({
      what: 'sampling',
      why: 'Temperature and Top P were not sent: Anthropic does not accept them with thinking on.',
    });
    return {};
  }
  return {
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(settings.topP !== undefined ? { top_p: settings.topP } : {}),
  };
}

function systemField(texts: readonly string[], cache: boolean): string | SystemBlock[] {
  if (!cache) return texts.join(SYSTEM_JOIN);
  return texts.map((text, i) => ({
    type: 'text',
    text,
    ...(i === texts.length - 1 ? { cache_control: EPHEMERAL } : {}),
  }));
}

/** The moving breakpoint: the last block of the last message that may carry one (thinking blocks may not). */
function markLastBlock(messages: AnthropicMessage[]): void {
  const last = messages[messages.length - 1];
  if (!last) return;
  for (let i = last.content.length - 1; i >= 0; i--) {
    const block = last.content[i];
    if (!block || SIGNED.has(block.type)) continue;
    // A copy: the block may be a stored reply's own, which must stay as it arrived.
    last.content[i] = { ...block, cache_control: EPHEMERAL };
    return;
  }
}

function withoutCache(block: Block): Block {
  if (!('cache_control' in block)) return block;
  const { cache_control: _cache, ...rest } = block;
  return rest as Block;
}
